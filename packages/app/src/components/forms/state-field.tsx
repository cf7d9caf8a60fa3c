/**
 * "Target State": the 50 states and the District of Columbia, for the market-analysis wizard and
 * the several-cities form.
 */
import { US_STATES } from "@bis/sdk";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "../ui/form-field";
import { Select } from "../ui/select";

export function StateField({
  error,
  registration,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField label="Target State" error={error}>
      {(control) => (
        <Select {...control} {...registration}>
          <option value="">Select a state</option>
          {US_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}
