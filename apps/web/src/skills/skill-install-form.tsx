import type { SkillEntry } from '@contracts/skills/skill-catalogue.js';
import { SKILL_MESSAGES } from '@contracts/skills/skill-messages.js';
import { api } from '../api/api-client.js';
import { Alert, useToast } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { SelectField } from '../ui/select-field.js';
import { useForm } from '../ui/use-form.js';

/** POST /api/skills (4.7) from the agent page: one of the skills not yet on the agent. */
export function SkillInstallForm({ agentId, skills, onInstalled }: { agentId: string; skills: readonly SkillEntry[]; onInstalled: () => void }) {
  const toast = useToast();
  const form = useForm({ skillId: '' }, { skillId: (value) => (value ? undefined : SKILL_MESSAGES.skillIdRequired) });
  return (
    <form noValidate onSubmit={form.submit(async ({ skillId }) => {
      await api('POST', '/api/skills', { skillId, agentId });
      toast(`Installed ${skills.find((skill) => skill.id === skillId)?.name ?? skillId}`);
      form.set('skillId')('');
      onInstalled();
    })}>
      <SelectField label="Skill" value={form.values.skillId} onChange={form.set('skillId')} error={form.errors.skillId}
        options={[['', 'Choose a skill…'], ...skills.map((skill) => [skill.id, `${skill.name} (${skill.category})`] as const)]} />
      {form.error && <Alert>{form.error}</Alert>}
      <Button type="submit" busy={form.busy}>Install</Button>
    </form>
  );
}
