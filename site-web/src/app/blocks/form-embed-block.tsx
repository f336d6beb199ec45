/**
 * A public form placed on the page (contracts' block type `formEmbed`). The forms themselves
 * (information request, quote request, download, newsletter, research licence) come with a later
 * issue: until then the block renders nothing on the site, while the admin already places and
 * configures it and the server validates it.
 */
export function FormEmbedBlock() {
  return null;
}
