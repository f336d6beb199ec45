import { SingleBar, Presets } from 'cli-progress';
import { configOrExit } from '@pagelog/service-kit/run-service';
import { openStores } from '@pagelog/service-kit/open-stores';
import { Projector } from '@pagelog/projector/core/projector';
import { allProjections } from '@pagelog/projector/projections';

const usage = `Usage: npm run pagelog -- <command>

Commands:
  rebuild [projection]   clear a projection's read models and replay every event into them
                         (all projections when none is named)
  status                 each projection's position and lag

Known projections: ${allProjections.map((p) => p.name).join(', ')}
Configuration comes from the same environment variables as npm start (see README).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return command ? 0 : 2;
  }
  const config = configOrExit();
  const stores = await openStores(config);
  const projector = new Projector({ eventStore: stores.eventStore, readModels: stores.readModels, projections: allProjections });
  try {
    if (command === 'rebuild') {
      const names = rest.length > 0 ? rest : allProjections.map((p) => p.name);
      for (const name of names) projector.runner(name);
      const head = await stores.eventStore.headPosition();
      const label = names.join(', ');
      const bar = new SingleBar(
        { format: `rebuilding ${label} [{bar}] {percentage}% | {value}/{total} | {eta_formatted}`, hideCursor: true, noTTYOutput: true, notTTYSchedule: 1000 },
        Presets.shades_classic,
      );
      bar.start(Math.max(head, 1), 0);
      const started = Date.now();
      await projector.rebuild(names, (position, total) => {
        bar.setTotal(Math.max(total, 1));
        bar.update(position);
      });
      bar.update(Math.max(head, 1));
      bar.stop();
      const seconds = (Date.now() - started) / 1000;
      for (const name of names) console.log(`${name}: rebuilt ${head} events in ${seconds.toFixed(2)} s`);
      return 0;
    }
    if (command === 'status') {
      const head = await stores.eventStore.headPosition();
      for (const c of await stores.readModels.getCheckpoints()) {
        console.log(`${c.name.padEnd(14)} position ${c.position} of ${head} (lag ${head - c.position})${c.error ? ` STOPPED at ${c.error.position}: ${c.error.message}` : ''}`);
      }
      return 0;
    }
    console.error(`Unknown command "${command}".\n\n${usage}`);
    return 2;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await stores.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
