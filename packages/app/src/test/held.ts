/** A promise the test settles when it chooses: a fake answer held back until `release()`. */
export function held<T = void>() {
  let release: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
