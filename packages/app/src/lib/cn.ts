import { type ClassValue, clsx } from "clsx";

/** Joins class names; falsy entries are dropped. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
