/**
 * Admin API answers for component tests, in the shapes of the SDK's admin schemas, and the
 * routes of a signed-in administrator to spread into a test's fake API.
 */
import type {
  AdminAnalysis,
  AdminUser,
  ApiKeyStatus,
  AppSettings,
  AuditEntry,
  LogEntry,
  Payment,
  SystemStatus,
} from "@bis/sdk";
import { dana, type FakeRoute } from "./fake-api";

export const ada = {
  ...dana,
  id: "u0",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Admin",
  isAdmin: true,
};

export const adminUsers: AdminUser[] = [
  { ...ada, emailVerified: true, analysisCount: 0 },
  { ...dana, emailVerified: true, analysisCount: 2 },
  {
    ...dana,
    id: "u2",
    email: "sam@example.com",
    firstName: "Sam",
    lastName: null,
    emailVerified: false,
    analysisCount: 1,
  },
];

export function adminAnalysis(patch: Partial<AdminAnalysis> = {}): AdminAnalysis {
  return {
    id: "an_1",
    userId: "u1",
    userEmail: "dana@example.com",
    location: "Austin, TX",
    city: "Austin",
    state: "TX",
    industry: "HVAC",
    primaryRadius: 10,
    secondaryRadius: 15,
    createdAt: "2025-03-04T15:00:00.000Z",
    isPaid: false,
    marketAnalysisCompleted: true,
    keywordResearchCompleted: false,
    competitionAnalysisCompleted: false,
    marketSize: 1_000_000,
    households: 400_000,
    totalMarketRevenue: 900_000_000,
    ...patch,
  };
}

export const adminAnalyses: AdminAnalysis[] = [
  adminAnalysis({
    id: "an_1",
    isPaid: true,
    keywordResearchCompleted: true,
    competitionAnalysisCompleted: true,
  }),
  adminAnalysis({
    id: "an_2",
    location: "Dallas, TX",
    city: "Dallas",
    createdAt: "2025-03-05T15:00:00.000Z",
  }),
  adminAnalysis({
    id: "an_3",
    userId: "u2",
    userEmail: "sam@example.com",
    location: "Denver, CO",
    city: "Denver",
    state: "CO",
    industry: "Plumbing",
    createdAt: "2025-03-06T15:00:00.000Z",
    isPaid: true,
    keywordResearchCompleted: true,
  }),
];

export const analytics = { totalUsers: 3, totalAnalyses: 3, totalRevenue: 1798, activeUsers: 2 };

export const system: SystemStatus = {
  status: "healthy",
  version: "0.1.0",
  nodeVersion: "v20.20.0",
  environment: "production",
  startedAt: "2025-03-04T12:00:00.000Z",
  uptimeSeconds: 93_784,
  database: {
    ok: true,
    sizeBytes: 1_572_864,
    migrations: { applied: 4, available: 4, pending: 0 },
  },
  providers: [
    {
      name: "census",
      label: "U.S. Census Data API",
      configured: true,
      source: "stored",
      lastTestedAt: "2025-03-04T13:00:00.000Z",
      lastTestOk: true,
    },
    {
      name: "yelp",
      label: "Yelp Fusion",
      configured: false,
      source: null,
      lastTestedAt: null,
      lastTestOk: null,
    },
  ],
  email: { mode: "outbox" },
  payments: { mode: "demo" },
  places: { provider: "embedded" },
  keywords: { provider: "embedded" },
  instanceId: "3f2a9c1d0b7e4a65",
  instances: [
    {
      id: "3f2a9c1d0b7e4a65",
      hostname: "bis-web-1",
      pid: 4211,
      version: "0.1.0",
      startedAt: "2025-03-04T12:00:00.000Z",
      lastSeenAt: "2025-03-05T14:03:04.000Z",
    },
    {
      id: "b81e07c45d9a2f30",
      hostname: "bis-web-2",
      pid: 3907,
      version: "0.1.0",
      startedAt: "2025-03-04T12:00:05.000Z",
      lastSeenAt: "2025-03-05T14:03:01.000Z",
    },
  ],
};

export function apiKey(patch: Partial<ApiKeyStatus> = {}): ApiKeyStatus {
  return {
    name: "census",
    label: "U.S. Census Data API",
    envVar: "CENSUS_API_KEY",
    configured: false,
    source: null,
    last4: null,
    testable: true,
    updatedAt: null,
    lastTestedAt: null,
    lastTestOk: null,
    lastTestMessage: null,
    ...patch,
  };
}

export const apiKeys: ApiKeyStatus[] = [
  apiKey(),
  apiKey({
    name: "googleMaps",
    label: "Google Maps (map tiles)",
    envVar: "GOOGLE_MAPS_API_KEY",
    configured: true,
    source: "environment",
    last4: "9xYz",
  }),
];

export const settings: AppSettings = {
  premiumOfferVideoUrl: "",
  keywordEducationVideoUrl: "",
  competitionEducationVideoUrl: "",
  landingPageVideoUrl: "https://www.youtube.com/watch?v=abc123",
};

export const payments: Payment[] = [
  {
    id: "pay_1",
    userId: "u1",
    analysisId: "an_1",
    provider: "demo",
    providerPaymentId: "demo_1",
    amount: 89_900,
    currency: "usd",
    status: "succeeded",
    createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    refundedAt: null,
  },
];

export const logEntries: LogEntry[] = [
  {
    id: "b81e07c45d9a2f30-000000000007",
    instanceId: "b81e07c45d9a2f30",
    level: "warn",
    time: "2025-03-04T15:00:02.000Z",
    message: "Slow census response",
    requestId: "req-2",
    context: { module: "census" },
  },
  {
    id: "3f2a9c1d0b7e4a65-000000000012",
    instanceId: "3f2a9c1d0b7e4a65",
    level: "info",
    time: "2025-03-04T15:00:01.000Z",
    message: "request completed",
    requestId: "req-1",
    context: { method: "GET", url: "/api/health", status: 200 },
  },
];

export const auditEntries: AuditEntry[] = [
  {
    id: "au_1",
    actorId: "u0",
    actorEmail: "ada@example.com",
    action: "user.admin.grant",
    targetType: "user",
    targetId: "u1",
    detail: { email: "dana@example.com" },
    createdAt: "2025-03-04T15:05:00.000Z",
  },
];

/** A signed-in administrator and every admin read answering. */
export function adminRoutes(extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    "GET /api/auth/user": { status: 200, body: ada },
    "GET /api/admin/analytics": { status: 200, body: analytics },
    "GET /api/admin/system": { status: 200, body: system },
    "GET /api/admin/users": { status: 200, body: { users: adminUsers } },
    "GET /api/admin/analyses": { status: 200, body: { analyses: adminAnalyses } },
    "GET /api/admin/payments": { status: 200, body: { payments } },
    "GET /api/admin/prices": {
      status: 200,
      body: { keywordResearch: 49_900, competitionAnalysis: 30_000, pdfReport: 10_000 },
    },
    "GET /api/admin/settings": { status: 200, body: settings },
    "GET /api/admin/api-keys": { status: 200, body: { apiKeys } },
    "GET /api/admin/logs": { status: 200, body: { entries: logEntries } },
    "GET /api/admin/audit": { status: 200, body: { entries: auditEntries } },
    "GET /api/public/settings": { status: 200, body: {} },
    ...extra,
  };
}

export const forbidden = {
  status: 403,
  body: { code: "ADMIN_REQUIRED", message: "Administrator privileges required." },
};
