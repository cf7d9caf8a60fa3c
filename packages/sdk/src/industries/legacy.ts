/**
 * How records stored by earlier versions are read (the wire schemas import this, so it imports
 * nothing but the industries' own pure modules).
 */
export { upgradeLegacyEquipment } from "./hvac/kinds.js";
