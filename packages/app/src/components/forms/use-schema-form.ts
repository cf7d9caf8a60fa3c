import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import { formFields } from "../ui/form-field";

/** A schema of the SDK (zod): what the form holds, and what it gives once valid. */
interface FormSchema<Input, Output> {
  _zod: { input: Input; output: Output };
}

/**
 * Every form of the app the same way: checked with the SDK's schema (its messages are the
 * specification's), first on submit and then as the user corrects a field. `focus` names the
 * field that takes the keyboard focus when the form appears (a form opened in place). Returns
 * react-hook-form's form and `field(name)` for an `InputField` or `PasswordField`.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: FormSchema<Input, Output>,
  defaultValues: DefaultValues<Input>,
  { focus }: { focus?: Path<Input> } = {},
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues,
  });
  const { setFocus } = form;
  useEffect(() => {
    if (focus) setFocus(focus);
  }, [focus, setFocus]);
  return { ...form, field: formFields(form.register, form.formState.errors) };
}
