import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { cn } from "../../lib/cn";
import { type FieldProps, FormField } from "./form-field";
import { Input, type InputProps } from "./input";

/** A password field with a show/hide toggle. */
export function PasswordInput({ className, ...props }: Omit<InputProps, "type">) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input type={visible ? "text" : "password"} className={cn("pr-12", className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? "Hide password" : "Show password"}
        aria-controls={props.id}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <Icon className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}

/** A labelled password field: a `FormField` around a `PasswordInput`. */
export function PasswordField({
  label,
  error,
  hint,
  className,
  ...props
}: FieldProps<Omit<InputProps, "type">>) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(control) => <PasswordInput {...control} {...props} />}
    </FormField>
  );
}
