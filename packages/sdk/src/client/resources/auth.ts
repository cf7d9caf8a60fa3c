/** Sign-in, registration, sign-out and the signed-in user's profile. */
import { endpoints } from "../../api/endpoints.js";
import type {
  LoginRequest,
  PasswordChangeRequest,
  ProfileRequest,
  RegisterRequest,
} from "../../schemas/forms.js";
import type { Transport } from "../transport.js";

const { auth } = endpoints;

export function authResource(t: Transport) {
  return {
    /** The signed-in user, or null when signed out (401). */
    user: (signal?: AbortSignal) => t.call(auth.user, { nullOn: 401, signal }),
    login: (body: LoginRequest) => t.call(auth.login, { body }),
    register: (body: RegisterRequest) => t.call(auth.register, { body }),
    logout: () => t.call(auth.logout),
    updateProfile: (body: ProfileRequest) => t.call(auth.updateProfile, { body }),
    changePassword: (body: PasswordChangeRequest) => t.call(auth.changePassword, { body }),
  };
}
