import type { BlockTypeDefinition, PropMeta, PropWidget } from './block-definition';

const cache = new WeakMap<BlockTypeDefinition, ReadonlyMap<string, PropWidget>>();

/**
 * The props a block type declares with a widget, by name: what the product reads a prop as (a
 * `link` prop is one link, an `html` prop holds markup with links), taken from the schema, so
 * a value is never read as a link because it happens to look like one.
 */
export function propWidgets(definition: BlockTypeDefinition): ReadonlyMap<string, PropWidget> {
  let widgets = cache.get(definition);
  if (widgets === undefined) {
    const { fields } = definition.props.describe() as { fields: Record<string, { meta?: PropMeta }> };
    widgets = new Map(Object.entries(fields).flatMap(([name, field]) => (field.meta?.widget ? [[name, field.meta.widget] as const] : [])));
    cache.set(definition, widgets);
  }
  return widgets;
}
