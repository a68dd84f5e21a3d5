/**
 * Who may do what with resources (spec 3 §6; docs/decisions.md "Resources"). The tenant is checked
 * by the queries; these rules decide within one app.
 */

/** The person asking: their id, and whether they are the app's owner (admin). */
export interface Viewer {
  id: number;
  isAdmin: boolean;
}

interface Owned {
  userId: number;
}

/** The one who added an item and the app's owner own it: they rename, hide, show and delete it, and see it hidden. */
export const isOwner = (v: Viewer, item: Owned) => v.isAdmin || item.userId === v.id;

/** Folders are the app owner's to make. */
export const mayCreateFolder = (v: Viewer) => v.isAdmin;
