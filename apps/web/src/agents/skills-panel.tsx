import { INSTALLED_SKILLS_CONFIG_KEY } from '@contracts/skills/installed-skills.js';
import type { SkillListView } from '@contracts/skills/skill-views.js';
import { Link } from 'react-router';
import { api, apiGet } from '../api/api-client.js';
import { SkillInstallForm } from '../skills/skill-install-form.js';
import { AsyncList } from '../ui/async-state.js';
import { ConfirmButton } from '../ui/confirm-button.js';
import { useAsync } from '../ui/use-async.js';
import type { AgentPanelProps } from './agent-tabs.js';

interface InstalledSkills {
  installed: string[];
  catalogue: SkillListView['skills'];
}

/**
 * There is no list route for installs: the agent's config carries them as `config.skills`, slugs in
 * install order (docs/skills.md), named from the public catalogue (GET /api/skills).
 */
async function installedSkills(agentId: string, signal: AbortSignal): Promise<InstalledSkills> {
  const [view, { skills }] = await Promise.all([
    apiGet<{ config: Record<string, unknown> }>(`/api/agents/${agentId}/config`, signal),
    apiGet<SkillListView>('/api/skills', signal),
  ]);
  const installed = view.config[INSTALLED_SKILLS_CONFIG_KEY];
  return { installed: Array.isArray(installed) ? installed.filter((slug): slug is string => typeof slug === 'string') : [], catalogue: skills };
}

export default function SkillsPanel({ agentId }: AgentPanelProps) {
  const loaded = useAsync((signal) => installedSkills(agentId, signal), `skills-${agentId}`);
  const nameOf = (slug: string) => loaded.data?.catalogue.find((skill) => skill.id === slug)?.name ?? slug;
  return (
    <>
      <h2>Installed skills</h2>
      <AsyncList state={{ ...loaded, data: loaded.data?.installed }} noun="installed skills" empty={<p>No skills installed. Install one below or from the <Link to="/skills">marketplace</Link>.</p>}>
        {(slugs) => (
          <ul className="card-list">
            {slugs.map((slug) => (
              <li key={slug} className="card">
                <strong>{nameOf(slug)}</strong> <code>{slug}</code>
                <ConfirmButton verb="Uninstall" subject={nameOf(slug)} done={`Uninstalled ${nameOf(slug)}`} onDone={loaded.reload}
                  action={() => api('DELETE', '/api/skills', { skillId: slug, agentId })} />
              </li>
            ))}
          </ul>
        )}
      </AsyncList>
      {loaded.data && (
        <>
          <h3>Install a skill</h3>
          <SkillInstallForm agentId={agentId} onInstalled={loaded.reload}
            skills={loaded.data.catalogue.filter((skill) => !loaded.data!.installed.includes(skill.id))} />
        </>
      )}
    </>
  );
}
