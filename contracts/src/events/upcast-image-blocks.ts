/**
 * Blocks as stored before the media library (schema version 1 of the events that carry blocks):
 * an image block named its picture by `props.url`. From version 2 that is `props.externalUrl`
 * (the image kept as an external one, its `alt` as it was), beside a library image in
 * `__images`. Anything that is not such a block passes unchanged.
 */
function imageUrlToExternal(blocks: unknown): unknown {
  if (!Array.isArray(blocks)) return blocks;
  return blocks.map((block: unknown) => {
    if (typeof block !== 'object' || block === null) return block;
    const { type, props } = block as { type?: unknown; props?: unknown };
    if (type !== 'image' || typeof props !== 'object' || props === null || Array.isArray(props) || !Object.hasOwn(props, 'url')) return block;
    const { url, ...rest } = props as Record<string, unknown>;
    return { ...block, props: { ...rest, externalUrl: typeof rest.externalUrl === 'string' && rest.externalUrl !== '' ? rest.externalUrl : url } };
  });
}

/** Lifts version 1 data of an event with `blocks` to version 2. */
export const upcastImageBlocks = (data: Record<string, unknown>): Record<string, unknown> => (Object.hasOwn(data, 'blocks') ? { ...data, blocks: imageUrlToExternal(data.blocks) } : data);
