/**
 * Where this instance is in its life, for the readiness check (`GET /api/ready`): a load
 * balancer sends traffic only to a ready instance, and stops as soon as one starts draining
 * (graceful shutdown: no new work, in-flight requests and jobs finish, then the process exits).
 */
export type LifecycleState = "starting" | "ready" | "draining";

export interface Lifecycle {
  readonly state: LifecycleState;
  ready(): void;
  drain(): void;
}

export function createLifecycle(): Lifecycle {
  let state: LifecycleState = "starting";
  return {
    get state() {
      return state;
    },
    ready() {
      if (state === "starting") state = "ready";
    },
    drain() {
      state = "draining";
    },
  };
}
