import type { MenuEvent } from '@pagelog/contracts/events/menu-events';
import { countMenuItems, type MenuHistoryEntry, type MenuItem } from '@pagelog/contracts/menus/menu';
import type { StoredEvent } from '@pagelog/storage/event-store/load-stream';
import type { NameResolver } from '../core/names';

const items = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/** A menu event in a few words, for the history list. */
export function menuSummaryOf(event: MenuEvent, itemCount: number): string {
  switch (event.type) {
    case 'MenuDraftSaved':
      return `saved draft version ${event.data.version} (${items(itemCount)})`;
    case 'MenuPublished':
      return `published version ${event.data.version} (${items(itemCount)})`;
    case 'MenuRestored':
      return `restored version ${event.data.fromVersion} as draft version ${event.data.version} (${items(itemCount)})`;
  }
}

/** The menu's stream, oldest first, as history entries with the actors' names and each version's size. */
export async function menuHistoryOf(events: readonly StoredEvent<MenuEvent>[], names: NameResolver): Promise<MenuHistoryEntry[]> {
  const trees = new Map<number, MenuItem[]>();
  return Promise.all(
    events.map(async (recorded) => {
      const event: MenuEvent = recorded;
      if (event.type !== 'MenuPublished') trees.set(event.data.version, event.data.items);
      const itemCount = countMenuItems(trees.get(event.data.version) ?? []);
      return {
        position: recorded.position,
        revision: recorded.revision,
        type: recorded.type,
        occurredAt: recorded.metadata.occurredAt,
        actorId: recorded.metadata.actorId,
        actorName: await names.name(recorded.metadata.actorId),
        version: event.data.version,
        itemCount,
        summary: menuSummaryOf(event, itemCount),
      };
    }),
  );
}
