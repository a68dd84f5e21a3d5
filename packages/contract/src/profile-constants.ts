/** Profile constants without zod, for the web pages' chunks (the schemas are in schemas/users.ts). */

/** Caps of a profile's sections (spec 3 §5 leaves them open; docs/decisions.md "Profiles"). */
export const PROFILE_LIMITS = {
  textMax: 2_000,
  tagsMax: 20,
  tagMax: 40,
  socialMax: 8,
  urlMax: 500,
  noteMax: 2_000,
  searchMax: 100,
} as const;

/** The tag-list sections, in the order the profile shows them. */
export const PROFILE_TAG_FIELDS = ['interested_in', 'expert_in', 'looking_for', 'hobbies', 'touchpoints', 'topics'] as const;
export type ProfileTagField = (typeof PROFILE_TAG_FIELDS)[number];
