import { PASSWORD_RULES_HINT } from "@bis/sdk";
import type { RegisteredField } from "../ui/form-field";
import { PasswordField } from "../ui/password-input";

/**
 * A new password under the rules of registration (shown as its hint) and its confirmation:
 * registration ("Password", "Confirm Password"), the password reset and the password change
 * ("New Password", "Confirm New Password"). The browser may offer to generate one.
 */
export function NewPasswordFields({
  label = "New Password",
  password,
  confirm,
}: {
  label?: "Password" | "New Password";
  password: RegisteredField;
  confirm: RegisteredField;
}) {
  return (
    <>
      <PasswordField
        label={label}
        hint={PASSWORD_RULES_HINT}
        {...password}
        autoComplete="new-password"
      />
      <PasswordField label={`Confirm ${label}`} {...confirm} autoComplete="new-password" />
    </>
  );
}
