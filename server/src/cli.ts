import { allReactorNames } from '@pagelog/contracts/read-models';
import { SingleBar, Presets } from 'cli-progress';
import { configOrExit } from '@pagelog/service-kit/run-service';
import { openStores } from '@pagelog/service-kit/open-stores';
import { Projector } from '@pagelog/projector/core/projector';
import { shadowName } from '@pagelog/projector/core/shadow-projection';
import { allProjections } from '@pagelog/projector/projections';
import { createLogger } from '@pagelog/service-kit/logger';
import { composeServices } from '@pagelog/service-kit/compose-services';
import { startReactorsAtHead } from '@pagelog/storage/reactors/start-at-head';
import { commandServices } from '@pagelog/command-service/command-services';
import { seedRoles } from '@pagelog/command-service/users/seed-roles';
import { completeSetup, isSetupComplete, issueSetupLink } from '@pagelog/command-service/users/setup/commands';
import { commandContext, SYSTEM_ACTOR } from '@pagelog/command-service/core/command-context';
import { DomainError } from '@pagelog/contracts/domain-errors';
import { verifyChain } from '@pagelog/storage/event-store/event-chain';

const usage = `Usage: npm run pagelog -- <command>

Commands:
  rebuild [projection]   build a projection's read models afresh from every event, beside the
                         live ones, and swap them in at once (all projections when none is
                         named); safe while the server runs: its reads never go backwards
  status                 each projection's and reactor's position and lag
  verify                 check the event log's hash chain from the first event to the last:
                         names the first event that was altered, removed or moved, and
                         prints the last event's hash to write down (exits 1 when broken)
  create-admin [email] [name]
                         create the first administrator: with an e-mail address, the password
                         comes from PAGELOG_ADMIN_PASSWORD; without one, prints a one-time
                         setup link to open in the browser. Refused once an administrator exists.

Known projections: ${allProjections.map((p) => p.name).join(', ')}
Configuration comes from the same environment variables as npm start (see README).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return command ? 0 : 2;
  }
  // create-admin takes the password from PAGELOG_ADMIN_PASSWORD on its own, while the
  // configuration accepts that variable only paired with PAGELOG_ADMIN_EMAIL (the administrator
  // created at start-up): read it here and keep it out of the configuration.
  const adminPassword = process.env.PAGELOG_ADMIN_PASSWORD;
  if (command === 'create-admin' && !process.env.PAGELOG_ADMIN_EMAIL) delete process.env.PAGELOG_ADMIN_PASSWORD;
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
    if (command === 'create-admin') {
      const logger = createLogger('warn', 'cli');
      const services = await composeServices(config, logger);
      const deps = commandServices(services);
      try {
        // Like every process that appends: a reactor that has never run starts before these events.
        await startReactorsAtHead(services.stores.eventStore, services.stores.readModels, allReactorNames);
        const context = commandContext(SYSTEM_ACTOR, 'create-admin');
        await seedRoles(deps, context);
        if (await isSetupComplete(deps)) {
          console.error('There is an administrator already; add users in the admin (User management).');
          return 1;
        }
        const [email, ...name] = rest;
        if (!email) {
          console.log(`Open this link to create the first administrator (it works once, for 24 hours):\n\n  ${await issueSetupLink(deps, context)}\n`);
          return 0;
        }
        const password = adminPassword;
        if (!password) {
          console.error('Set PAGELOG_ADMIN_PASSWORD to the new administrator\'s password (or leave out the e-mail address to get a setup link).');
          return 2;
        }
        await completeSetup(deps, { token: null, email: email.trim().toLowerCase(), name: name.join(' ') || 'Administrator', password }, context);
        console.log(`Created the administrator ${email}. Log in at ${config.publicUrl}/cmsadmin/login`);
        return 0;
      } catch (error) {
        if (error instanceof DomainError) {
          console.error(error.items.map((i) => `${i.property ? `${i.property}: ` : ''}${i.message}`).join('\n'));
          return 1;
        }
        throw error;
      } finally {
        await services.close();
      }
    }
    if (command === 'verify') {
      const store = stores.eventStore;
      if (!store.readChain) {
        console.error(`This event store (${config.eventStore}) keeps no hash chain; verify checks the SQLite and PostgreSQL logs.`);
        return 2;
      }
      const head = await store.headPosition();
      const bar = new SingleBar({ format: 'verifying [{bar}] {percentage}% | {value}/{total} events | {eta_formatted}', hideCursor: true, noTTYOutput: true, notTTYSchedule: 1000 }, Presets.shades_classic);
      bar.start(Math.max(head, 1), 0);
      const started = performance.now();
      const verdict = await verifyChain((after, limit) => store.readChain!({ after, limit }), { onProgress: (checked) => bar.update(Math.min(checked, Math.max(head, 1))) });
      bar.stop();
      const seconds = (performance.now() - started) / 1000;
      const rate = `${Math.round(verdict.checked / Math.max(seconds, 0.001)).toLocaleString('en')} events/s`;
      if (verdict.intact) {
        console.log(`The hash chain is intact: ${verdict.checked} events checked in ${seconds.toFixed(2)} s (${rate}).`);
        if (verdict.head) console.log(`Last event: position ${verdict.head.position}, hash ${verdict.head.hash}`);
        return 0;
      }
      const why = { altered: 'its content or its hash was changed', missing: 'the event there was removed', 'out-of-order': 'it is out of order' }[verdict.reason];
      console.error(`The hash chain breaks at position ${verdict.position}${verdict.id ? ` (event ${verdict.id})` : ''}: ${why}. ${verdict.checked} events before it are intact.`);
      return 1;
    }
    if (command === 'status') {
      const head = await stores.eventStore.headPosition();
      for (const c of await stores.readModels.getCheckpoints()) {
        // A shadow is a rebuild under way (in this or another process), or one that was interrupted
        // and is cleared by the next rebuild; nothing reads it.
        const shadowOf = allProjections.find((p) => shadowName(p.name) === c.name);
        const note = shadowOf ? ` (rebuild of ${shadowOf.name}, running or interrupted)` : allReactorNames.includes(c.name) ? ' (reactor)' : '';
        console.log(`${c.name.padEnd(14)} position ${c.position} of ${head} (lag ${head - c.position})${c.error ? ` STOPPED at ${c.error.position}: ${c.error.message}` : ''}${note}`);
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
