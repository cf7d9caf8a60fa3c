/** Sign-in, registration, sign-out and the signed-in user's profile. */
import type {
  LoginRequest,
  PasswordChangeRequest,
  ProfileRequest,
  RegisterRequest,
} from "../../schemas/forms.js";
import { schemasOf } from "../schema-ref.js";
import type { Transport } from "../transport.js";

const entities = schemasOf(() => import("../../schemas/entities.js"));

export function authResource(t: Transport) {
  return {
    /** The signed-in user, or null when signed out (401). */
    user: (signal?: AbortSignal) =>
      t.request({
        method: "GET",
        path: "/api/auth/user",
        nullOn: 401,
        schema: entities("userSchema"),
        signal,
      }),
    login: (body: LoginRequest) =>
      t.request({ method: "POST", path: "/api/auth/login", body, schema: entities("userSchema") }),
    register: (body: RegisterRequest) =>
      t.request({
        method: "POST",
        path: "/api/auth/register",
        body,
        schema: entities("registerResponseSchema"),
      }),
    logout: () => t.request({ method: "POST", path: "/api/auth/logout" }),
    updateProfile: (body: ProfileRequest) =>
      t.request({ method: "PUT", path: "/api/auth/profile", body, schema: entities("userSchema") }),
    changePassword: (body: PasswordChangeRequest) =>
      t.request({
        method: "PUT",
        path: "/api/auth/password",
        body,
        schema: entities("messageResponseSchema"),
      }),
  };
}
