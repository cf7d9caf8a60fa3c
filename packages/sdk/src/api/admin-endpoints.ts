/** The administrators' calls: users, analyses, settings, keys, operations, payments, and the widget's partners (one module of the endpoint table, endpoints.ts). */
import { endpoint, listOf, pageOf, schema } from "./endpoint.js";
import { appSettings, message, payment } from "./shared-schemas.js";

const apiKeyStatus = schema("admin", "apiKeyStatusSchema");
const prices = schema("payments", "premiumPricesSchema");
const partnerMember = schema("brand", "partnerMemberSchema");

/** The administrators' calls: users, analyses, settings, keys, operations, payments. */
export const admin = {
  analytics: endpoint({
    method: "GET",
    path: "/api/admin/analytics",
    access: "admin",
    response: schema("entities", "adminAnalyticsSchema"),
  }),
  users: endpoint({
    method: "GET",
    path: "/api/admin/users",
    access: "admin",
    response: pageOf("users", "admin", "adminUserSchema"),
  }),
  setAdmin: endpoint({
    method: "PUT",
    path: "/api/admin/users/:userId/admin",
    access: "admin",
    body: schema("admin", "setAdminRequestSchema"),
    response: schema("admin", "adminUserSchema"),
    errors: ["USER_NOT_FOUND", "CANNOT_CHANGE_OWN_ADMIN", "LAST_ADMIN"],
  }),
  deleteUser: endpoint({
    method: "DELETE",
    path: "/api/admin/users/:userId",
    access: "admin",
    response: schema("admin", "deleteUserResponseSchema"),
    errors: ["USER_NOT_FOUND", "CANNOT_DELETE_SELF", "LAST_ADMIN"],
  }),
  analyses: endpoint({
    method: "GET",
    path: "/api/admin/analyses",
    access: "admin",
    response: pageOf("analyses", "admin", "adminAnalysisSchema"),
  }),
  bulkDeleteAnalyses: endpoint({
    method: "DELETE",
    path: "/api/admin/analyses/bulk",
    access: "admin",
    body: schema("admin", "bulkDeleteAnalysesRequestSchema"),
    response: schema("admin", "bulkDeleteAnalysesResponseSchema"),
  }),
  settings: endpoint({
    method: "GET",
    path: "/api/admin/settings",
    access: "admin",
    response: appSettings,
  }),
  updateSettings: endpoint({
    method: "PATCH",
    path: "/api/admin/settings",
    access: "admin",
    body: schema("admin", "settingsPatchSchema"),
    response: appSettings,
  }),
  apiKeys: endpoint({
    method: "GET",
    path: "/api/admin/api-keys",
    access: "admin",
    response: listOf("apiKeys", "admin", "apiKeyStatusSchema"),
  }),
  saveApiKey: endpoint({
    method: "PUT",
    path: "/api/admin/api-keys/:name",
    access: "admin",
    body: schema("admin", "saveApiKeyRequestSchema"),
    response: apiKeyStatus,
    errors: ["API_KEY_UNKNOWN"],
  }),
  testApiKey: endpoint({
    method: "POST",
    path: "/api/admin/api-keys/:name/test",
    access: "admin",
    body: schema("admin", "testApiKeyRequestSchema"),
    response: schema("admin", "apiKeyTestResultSchema"),
    errors: ["API_KEY_UNKNOWN"],
  }),
  deleteApiKey: endpoint({
    method: "DELETE",
    path: "/api/admin/api-keys/:name",
    access: "admin",
    response: apiKeyStatus,
    errors: ["API_KEY_UNKNOWN", "API_KEY_NOT_STORED"],
  }),
  /** The specification's call for the maps key. */
  saveMapsKey: endpoint({
    method: "POST",
    path: "/api/admin/save-api-key",
    access: "admin",
    body: schema("admin", "saveMapsKeyRequestSchema"),
    response: message,
  }),
  system: endpoint({
    method: "GET",
    path: "/api/admin/system",
    access: "admin",
    response: schema("admin", "systemStatusSchema"),
  }),
  /** The log of every instance, newest first, a page at a time (`?level=&limit=&cursor=`). */
  logs: endpoint({
    method: "GET",
    path: "/api/admin/logs",
    access: "admin",
    query: schema("admin", "logsQuerySchema"),
    response: pageOf("entries", "admin", "logEntrySchema"),
  }),
  audit: endpoint({
    method: "GET",
    path: "/api/admin/audit",
    access: "admin",
    response: pageOf("entries", "admin", "auditEntrySchema"),
  }),
  /** The specification's logging dashboard call: development only (404 otherwise). */
  devLogs: endpoint({
    method: "GET",
    path: "/api/logs",
    access: "admin",
    query: schema("admin", "logsQuerySchema"),
    response: listOf("entries", "admin", "logEntrySchema"),
    errors: ["DEV_ONLY"],
  }),
  prices: endpoint({ method: "GET", path: "/api/admin/prices", access: "admin", response: prices }),
  updatePrices: endpoint({
    method: "PATCH",
    path: "/api/admin/prices",
    access: "admin",
    body: schema("payments", "premiumPricesPatchSchema"),
    response: prices,
  }),
  /** Payments, newest first (`?kind=real|demo`), a page at a time. */
  payments: endpoint({
    method: "GET",
    path: "/api/admin/payments",
    access: "admin",
    response: pageOf("payments", "payments", "paymentSchema"),
  }),
  /** Refunds a payment (within the guarantee) and withdraws premium access. */
  refundPayment: endpoint({
    method: "POST",
    path: "/api/admin/payments/:id/refund",
    access: "admin",
    response: payment,
    errors: [
      "PAYMENT_NOT_FOUND",
      "PAYMENT_ALREADY_REFUNDED",
      "REFUND_WINDOW_PASSED",
      "PAYMENT_PROVIDER_REJECTED",
      "PAYMENT_IN_PROGRESS",
      "UPSTREAM_FAILED",
      "UNAVAILABLE",
    ],
  }),
} as const;

/** The widget's partners, their leads, brands and members (administrators). */
export const partners = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/partners",
    access: "admin",
    response: pageOf("partners", "widget", "partnerSchema"),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/admin/partners",
    access: "admin",
    status: 201,
    body: schema("widget", "partnerCreateSchema"),
    response: schema("widget", "partnerCreatedSchema"),
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/admin/partners/:id",
    access: "admin",
    body: schema("widget", "partnerUpdateSchema"),
    response: schema("widget", "partnerUpdatedSchema"),
    errors: ["PARTNER_NOT_FOUND"],
  }),
  revoke: endpoint({
    method: "DELETE",
    path: "/api/admin/partners/:id",
    access: "admin",
    response: schema("widget", "partnerSchema"),
    errors: ["PARTNER_NOT_FOUND"],
  }),
  /** Captured leads (`?partnerId=&status=`), a page at a time. */
  leads: endpoint({
    method: "GET",
    path: "/api/admin/leads",
    access: "admin",
    response: pageOf("leads", "widget", "leadSchema"),
  }),
  brand: endpoint({
    method: "GET",
    path: "/api/admin/partners/:id/brand",
    access: "admin",
    response: schema("brand", "partnerBrandSchema"),
    errors: ["PARTNER_NOT_FOUND", "BRAND_NOT_FOUND"],
  }),
  saveBrand: endpoint({
    method: "PUT",
    path: "/api/admin/partners/:id/brand",
    access: "admin",
    body: schema("brand", "partnerBrandInputSchema"),
    response: schema("brand", "partnerBrandSavedSchema"),
    errors: ["PARTNER_NOT_FOUND", "PAYLOAD_TOO_LARGE", "VALIDATION_FAILED", "UNAVAILABLE"],
  }),
  removeBrand: endpoint({
    method: "DELETE",
    path: "/api/admin/partners/:id/brand",
    access: "admin",
    status: 204,
    errors: ["PARTNER_NOT_FOUND", "BRAND_NOT_FOUND"],
  }),
  /** The users reporting under the brand and those asking to (`?status=`), a page at a time. */
  members: endpoint({
    method: "GET",
    path: "/api/admin/partners/:id/members",
    access: "admin",
    query: schema("brand", "partnerMembersQuerySchema"),
    response: pageOf("members", "brand", "partnerMemberSchema"),
    errors: ["PARTNER_NOT_FOUND"],
  }),
  confirmMember: endpoint({
    method: "POST",
    path: "/api/admin/partners/:id/members/:userId/confirm",
    access: "admin",
    response: partnerMember,
    errors: ["PARTNER_NOT_FOUND", "PARTNER_MEMBER_NOT_FOUND"],
  }),
  assignMember: endpoint({
    method: "POST",
    path: "/api/admin/partners/:id/members",
    access: "admin",
    status: 201,
    body: schema("brand", "partnerMemberAssignSchema"),
    response: partnerMember,
    errors: ["PARTNER_NOT_FOUND", "USER_NOT_FOUND"],
  }),
  unassignMember: endpoint({
    method: "DELETE",
    path: "/api/admin/partners/:id/members/:userId",
    access: "admin",
    status: 204,
    errors: ["PARTNER_NOT_FOUND", "PARTNER_MEMBER_NOT_FOUND"],
  }),
} as const;
