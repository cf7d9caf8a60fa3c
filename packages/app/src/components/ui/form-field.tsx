import { type ReactNode, useId } from "react";
import {
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormRegister,
} from "react-hook-form";
import { cn } from "../../lib/cn";
import { FieldError } from "./field-error";
import { Input, type InputProps } from "./input";
import { Label } from "./label";

/** What a form control needs to be labelled and tied to its message. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

export interface FormFieldProps {
  label: string;
  /** The validation message, if any. */
  error?: string;
  /** A hint shown under the control. */
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Label, control and message in one place: the control gets the id the label points at, and
 * aria-describedby for its hint and message.
 */
export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** `FormField`'s label, message and hint with the input props of its control. */
export type FieldProps<P> = Omit<FormFieldProps, "children"> & Omit<P, "className" | "id">;

/** A labelled text input: a `FormField` around an `Input`. */
export function InputField({ label, error, hint, className, ...props }: FieldProps<InputProps>) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(control) => <Input {...control} {...props} />}
    </FormField>
  );
}

/**
 * `field(name)`: what an `InputField` or `PasswordField` needs from a react-hook-form form —
 * the registration of that name and its validation message.
 */
export function formFields<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
) {
  return (name: Path<T>) => ({
    ...register(name),
    error: (get(errors, name) as { message?: string } | undefined)?.message,
  });
}

/** What `formFields` gives one field. */
export type RegisteredField = ReturnType<ReturnType<typeof formFields>>;
