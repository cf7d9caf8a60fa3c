/**
 * The session: the current user query and every call that changes it.
 *
 * The current user comes from GET /api/auth/session ({ user } or { user: null }: a signed-out
 * visit makes no failing request, so the console stays clean; the specification's
 * GET /api/auth/user, 401 when signed out, stays for API clients); sign-in success sets the cached user; sign-out clears the user and all cached data. Each
 * mutation here owns its cache effect and its toasts; screens add only their local UI changes.
 */
import {
  type AdminSetupRequest,
  endpoints,
  errorMessage,
  isBisApiError,
  type LoginRequest,
  type PasswordChangeRequest,
  type ProfileRequest,
  type RegisterRequest,
  type User,
} from "@bis/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, queryClient as appQueryClient } from "../lib/api";
import { displayName } from "../lib/display-name";
import { keyOf } from "../lib/query-options";
import { toast } from "./use-toast";

/** The key of "who is signed in" (GET /api/auth/session). */
const userKey = keyOf(endpoints.auth.session);

/** A user fetch that failed for another reason than "signed out". */
export class UserFetchError extends Error {
  constructor(cause: unknown) {
    super("Failed to fetch user", { cause });
    this.name = "UserFetchError";
  }
}

async function fetchUser({ signal }: { signal: AbortSignal }): Promise<User | null> {
  try {
    return (await api.auth.session(signal)).user;
  } catch (cause) {
    throw new UserFetchError(cause);
  }
}

/**
 * Whether the session ended through Sign Out (rather than expiring). The session guard reads it
 * so that signing out goes home quietly instead of announcing "Session Expired". It is cleared
 * as soon as a user is signed in again.
 */
let signedOutOnPurpose = false;
/** Where a signed-in screen goes once the session has ended on purpose. */
let signedOutDestination = "/";

export function wasSignedOutOnPurpose(): boolean {
  return signedOutOnPurpose;
}

export function sessionEndDestination(): string {
  return signedOutDestination;
}

/** Puts a signed-in user into the cache (sign in, admin setup, profile update). */
export function setSessionUser(user: User, client = appQueryClient): void {
  signedOutOnPurpose = false;
  client.setQueryData<User | null>(userKey, user);
}

/**
 * Forgets the session: the user is known to be absent and every other cached query goes.
 * The user is set to null first and its query is kept, so that mounted screens see the change
 * (`queryClient.clear()` would orphan their observers, which would keep showing the old user).
 * The signed-in screen on view then moves to `redirectTo` (see RequireSession).
 */
export function endSession(client = appQueryClient, redirectTo = "/"): void {
  signedOutOnPurpose = true;
  signedOutDestination = redirectTo;
  void client.cancelQueries();
  client.setQueryData<User | null>(userKey, null);
  client.removeQueries({ predicate: (query) => !isUserQuery(query.queryKey) });
  client.getMutationCache().clear();
}

function isUserQuery(key: readonly unknown[]): boolean {
  return key.length === userKey.length && key.every((part, i) => part === userKey[i]);
}

export interface AuthState {
  /** The user; null when signed out; undefined while unknown (loading or failed). */
  user: User | null | undefined;
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Set when the session could not be read at all ("Failed to fetch user"). */
  error: Error | null;
  refetch: () => void;
}

export function useAuth(): AuthState {
  const query = useQuery({ queryKey: userKey, queryFn: fetchUser });
  return {
    user: query.data,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(query.data),
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/* ------------------------------------------------------------------ mutations */

/** Signs in, then goes to `next` (a same-origin path, see lib/safe-next.ts) or /dashboard. */
export function useSignIn(next: string | null = null) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: LoginRequest) => api.auth.login(body),
    onSuccess: (user) => {
      setSessionUser(user, client);
      toast({
        title: "Welcome back!",
        description: `You're now logged in as ${displayName(user)}`,
      });
      navigate(next ?? "/dashboard", { replace: true });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Login failed",
        description: errorMessage(error, "Login failed"),
      });
    },
  });
}

/**
 * Registration does not sign the user in: the account needs email verification first, and the
 * response carries only the first name and email. The session stays as it is.
 */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterRequest) => api.auth.register(body),
    onSuccess: (response) => {
      const name = response.user.firstName.trim() || response.user.email;
      toast({ title: "Account created!", description: `Welcome to BIS, ${name}!` });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Registration failed",
        description: errorMessage(error, "Registration failed"),
      });
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.auth.logout(),
    onSuccess: () => {
      endSession(client);
      toast({ title: "Logged out", description: "You have been successfully logged out" });
      navigate("/", { replace: true });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Logout failed",
        description: errorMessage(error, "Logout failed"),
      });
    },
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileRequest) => api.auth.updateProfile(body),
    onSuccess: (user) => {
      setSessionUser(user, client);
      toast({ title: "Profile updated", description: "Your profile information has been saved." });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Update failed",
        description: errorMessage(error, "Update failed"),
      });
    },
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeRequest) => api.auth.changePassword(body),
    // The server's message says what else ended: other sessions, personal API tokens.
    onSuccess: ({ message }) => {
      // The other devices were signed out: the Signed-in Devices list shows it at once.
      void client.invalidateQueries({ queryKey: keyOf(endpoints.account.sessions) });
      toast({ title: "Password changed", description: message });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Password change failed",
        description: errorMessage(error, "Password change failed"),
      });
    },
  });
}

/**
 * First administrator. The server signs the new admin in; the cached user is set when the
 * screen moves on to /dashboard (after REDIRECT_DELAY_MS.default), so the signed-out screen is
 * not swapped away under the success toast.
 */
export function useAdminSetup() {
  return useMutation({
    mutationFn: (body: AdminSetupRequest) => api.admin.setup(body),
    onSuccess: () => {
      toast({ title: "Success", description: "Administrator account created" });
    },
    onError: (error) => {
      const description =
        isBisApiError(error) && error.code === "NETWORK_ERROR"
          ? "Failed to connect to server"
          : errorMessage(error, "Setup Failed");
      toast({ variant: "destructive", title: "Setup Failed", description });
    },
  });
}
