import { useSearchParams } from "react-router";

/**
 * A choice between views kept in the address's query (`/admin?tab=logs`), so that a reload or a
 * shared link opens the same view. The first of `values` is the default: it leaves the parameter
 * out, as does a value not in the list. With `clearOthers`, changing the choice drops every
 * other parameter: they belong to the view being left (the Logs tab's `?view=audit` does not
 * follow the administrator to another tab). The address is replaced, not pushed.
 */
export function useParamChoice<Value extends string>(
  name: string,
  values: readonly Value[],
  { clearOthers = false }: { clearOthers?: boolean } = {},
): [Value, (next: Value) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = values[0] as Value;
  const requested = params.get(name);
  const current = values.find((value) => value === requested) ?? fallback;

  function select(next: Value) {
    setParams(
      (previous) => {
        const changed = next !== (values.find((v) => v === previous.get(name)) ?? fallback);
        const updated = new URLSearchParams(clearOthers && changed ? undefined : previous);
        if (next === fallback) updated.delete(name);
        else updated.set(name, next);
        return updated;
      },
      { replace: true },
    );
  }

  return [current, select];
}
