/** The one locale every number and date shown to people is formatted in. */
export const LOCALE = "en-US";
