/**
 * "Service Industry": every industry, those not yet analysed marked "(Coming Soon)", for the
 * market-analysis wizard and the several-cities form.
 */
import { defaultIndustry, industryOptions } from "@bis/sdk";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "../ui/form-field";
import { Select } from "../ui/select";

export function IndustryField({
  error,
  registration,
  placeholder,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
  /** A first, empty choice ("Select an industry") when the form starts with none. */
  placeholder?: string;
}) {
  return (
    <FormField label="Service Industry" error={error}>
      {(control) => (
        <Select {...control} {...registration} defaultValue={defaultIndustry()}>
          {placeholder ? <option value="">{placeholder}</option> : null}
          {industryOptions().map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}
