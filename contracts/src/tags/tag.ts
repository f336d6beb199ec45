/**
 * Tags (issue 15): public and private, per locale. Pages name them by id, so a rename needs no
 * change to any page; a merge gives each page the tag it was merged into. The rules a name must
 * follow are below (tags/validate answers them, the decider enforces them).
 */
export type TagVisibility = 'public' | 'private';
export const tagVisibilities: readonly TagVisibility[] = ['public', 'private'];
