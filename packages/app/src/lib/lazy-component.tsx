import { type ComponentType, lazy, useState } from "react";

/**
 * A component in its own chunk, loaded when first rendered (inside a Suspense boundary) or when
 * `preload` is called. Once loaded it renders at once, without suspending again (`isLoaded`
 * says whether it is); each mount keeps the component it started with.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Deferred = lazy(() => preload().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component, at module level.
  function Lazy(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Deferred);
    return <Component {...props} />;
  }
  return Object.assign(Lazy, { preload, isLoaded: () => loaded !== undefined });
}
