/** The types of client-rules.mjs (for the tests that pin its rules). */
export declare const RAW_FETCH: RegExp;
export declare const STATUS_CHECK: RegExp;
