/** The schema references more than one module of the endpoint table names: declared once. */
import { schema } from "./endpoint.js";

export const user = schema("entities", "userSchema");
export const message = schema("entities", "messageResponseSchema");
export const appSettings = schema("entities", "appSettingsSchema");
export const payment = schema("payments", "paymentSchema");
