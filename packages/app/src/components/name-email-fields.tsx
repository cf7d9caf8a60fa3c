import { InputField, type RegisteredField } from "./ui/form-field";

/** First name and last name side by side (registration, profile, administrator setup). */
export function NameFields({
  field,
}: {
  field: (name: "firstName" | "lastName") => RegisteredField;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField label="First Name" {...field("firstName")} autoComplete="given-name" />
      <InputField label="Last Name" {...field("lastName")} autoComplete="family-name" />
    </div>
  );
}

/**
 * First name and last name side by side, then the email address (profile and registration).
 * `emailHint` makes the email read-only with that hint (the profile: it changes only through
 * the confirmed email change).
 */
export function NameEmailFields({
  field,
  emailHint,
}: {
  field: (name: "firstName" | "lastName" | "email") => RegisteredField;
  emailHint?: string;
}) {
  return (
    <>
      <NameFields field={field} />
      <InputField
        label="Email"
        {...field("email")}
        type="email"
        autoComplete="email"
        readOnly={emailHint !== undefined}
        hint={emailHint}
      />
    </>
  );
}
