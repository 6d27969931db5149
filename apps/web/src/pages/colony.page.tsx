import type { ColonyAction } from '@contracts/feeds/colony.js';
import { useState } from 'react';
import { apiGet } from '../api/api-client.js';
import { ColonyDiagnostics } from '../feeds/colony-diagnostics.js';
import { ColonyTree } from '../feeds/colony-tree.js';
import type { ColonyDiagnosticsView, ColonyTreeView } from '../feeds/colony-views.js';
import { useSession } from '../session/session.js';
import { AsyncView } from '../ui/async-state.js';
import { PageLayout } from '../ui/page-layout.js';
import { SelectField } from '../ui/select-field.js';
import { useAsync } from '../ui/use-async.js';

const LABELS: Record<ColonyAction, string> = { tree: 'Colony tree', soul: 'Soul (admins)', diagnostics: 'Diagnostics (admins)' };

/** extended-services 4.10: the tree for anyone; the soul and diagnostics only for admins (docs/spec-decisions.md), so only they get the choice. */
export default function ColonyPage() {
  const { user } = useSession();
  const [action, setAction] = useState<ColonyAction>('tree');
  // Tagged with its action: while another view loads, the last one stays drawn as what it was.
  const status = useAsync(async (signal) => ({ action, view: await apiGet<unknown>(`/api/colony/status?action=${action}`, signal) }), `colony-${action}`);
  return (
    <PageLayout title="Colony">
      {user?.isAdmin && (
        <SelectField label="View" value={action} onChange={(value) => setAction(value as ColonyAction)} options={Object.entries(LABELS)} />
      )}
      <AsyncView state={status} noun={LABELS[action].toLowerCase()}>
        {({ action: shown, view }) => (shown === 'tree' ? <ColonyTree tree={view as ColonyTreeView} />
          : shown === 'diagnostics' ? <ColonyDiagnostics view={view as ColonyDiagnosticsView} />
            : <pre style={{ overflow: 'auto', maxHeight: '32rem' }} tabIndex={0} aria-label="The soul's state">{JSON.stringify(view, null, 2)}</pre>)}
      </AsyncView>
    </PageLayout>
  );
}
