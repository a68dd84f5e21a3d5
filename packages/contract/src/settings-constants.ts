/** Settings limits, without zod (the web pages import them). */
export const SETTINGS_LIMITS = { messageMax: 2000, adminMessageMax: 500, passwordMax: 200 } as const;
