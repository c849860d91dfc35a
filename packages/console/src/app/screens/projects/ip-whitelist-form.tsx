import { useState } from 'preact/hooks';

import { api } from '../../api/admin-api';
import type { Environment, IpRule } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { useSubmit } from '../../components/use-submit';
import { InlineField } from './inline-field';

/** A rule being edited: every input kept, whatever its type. */
interface DraftRule {
  type: 0 | 1 | 2;
  ip: string;
  ipMinimum: string;
  ipMaximum: string;
  range: string;
}

const TYPE_LABELS = { 0: 'Address', 1: 'Range', 2: 'Subnet (CIDR)' } as const;

function toDraft(rule: unknown): DraftRule {
  const value = rule as Partial<Record<keyof DraftRule, unknown>>;
  const text = (key: keyof DraftRule) => (typeof value[key] === 'string' ? value[key] : '');
  const type = value.type === 1 || value.type === 2 ? value.type : 0;

  return {
    type,
    ip: text('ip'),
    ipMinimum: text('ipMinimum'),
    ipMaximum: text('ipMaximum'),
    range: text('range'),
  };
}

function toRule(draft: DraftRule): IpRule {
  if (draft.type === 0) return { type: 0, ip: draft.ip.trim() };
  if (draft.type === 1) {
    return { type: 1, ipMinimum: draft.ipMinimum.trim(), ipMaximum: draft.ipMaximum.trim() };
  }

  return { type: 2, range: draft.range.trim() };
}

/** The index of the rule a server message names (`ipWhitelist.rules[2]…`), if any. */
function ruleOf(detail: string | undefined): number | undefined {
  const match = detail ? /^ipWhitelist\.rules\[(\d+)\]/.exec(detail) : null;

  return match ? Number(match[1]) : undefined;
}

/**
 * The IP whitelist of an environment: enabled or not, and its rules (an address, a range of two
 * addresses, or a CIDR subnet). The server's message about a rule shows under that rule.
 *
 * @example
 * ```tsx
 * <IpWhitelistForm path={path} environment={env} onSaved={reload} />
 * ```
 */
export function IpWhitelistForm({
  path,
  environment,
  onSaved,
}: {
  readonly path: string;
  readonly environment: Environment;
  readonly onSaved: () => void;
}) {
  const [enabled, setEnabled] = useState(environment.ipWhitelist.enabled);
  const [rules, setRules] = useState<DraftRule[]>(environment.ipWhitelist.rules.map(toDraft));
  const [saved, setSaved] = useState(false);
  const submit = useSubmit();
  const badRule = ruleOf(submit.error?.detail);
  const update = (index: number, change: Partial<DraftRule>) =>
    setRules(rules.map((rule, at) => (at === index ? { ...rule, ...change } : rule)));
  const input = (index: number, key: 'ip' | 'ipMinimum' | 'ipMaximum' | 'range', label: string) => (
    <InlineField
      label={label}
      render={id => (
        <input
          id={id}
          value={rules[index]![key]}
          aria-invalid={badRule === index}
          onInput={event => update(index, { [key]: event.currentTarget.value })}
        />
      )}
    />
  );

  return (
    <form
      class="card form"
      aria-labelledby="ip-whitelist"
      onSubmit={event => {
        event.preventDefault();
        setSaved(false);
        void submit.run(async () => {
          await api('PATCH', path, { ipWhitelist: { enabled, rules: rules.map(toRule) } });
          setSaved(true);
          onSaved();
        });
      }}
    >
      <h2 id="ip-whitelist">IP whitelist</h2>
      <Alert kind="error">{badRule === undefined ? submit.error?.detail : undefined}</Alert>
      {saved ? <Alert kind="success">IP whitelist saved.</Alert> : null}
      <label class="checkbox">
        <input
          type="checkbox"
          checked={enabled}
          onChange={event => setEnabled(event.currentTarget.checked)}
        />
        Only allow requests from these addresses
      </label>
      {rules.length === 0 ? (
        <p class="muted">No rule yet: add an address, a range or a subnet.</p>
      ) : null}
      <ol class="ip-rules">
        {rules.map((rule, index) => (
          <li key={index} class="ip-rule">
            <fieldset>
              <legend>Rule {index + 1}</legend>
              <InlineField
                label="Type"
                render={id => (
                  <select
                    id={id}
                    value={String(rule.type)}
                    onChange={event =>
                      update(index, { type: Number(event.currentTarget.value) as 0 | 1 | 2 })
                    }
                  >
                    {([0, 1, 2] as const).map(type => (
                      <option key={type} value={String(type)}>
                        {TYPE_LABELS[type]}
                      </option>
                    ))}
                  </select>
                )}
              />
              {rule.type === 0 ? input(index, 'ip', 'IP address') : null}
              {rule.type === 1 ? (
                <>
                  {input(index, 'ipMinimum', 'First address')}
                  {input(index, 'ipMaximum', 'Last address')}
                </>
              ) : null}
              {rule.type === 2 ? input(index, 'range', 'Subnet') : null}
              <button
                type="button"
                class="link-button"
                onClick={() => setRules(rules.filter((_, at) => at !== index))}
              >
                Remove rule {index + 1}
              </button>
              {badRule === index ? (
                <p class="field-error" role="alert">
                  {submit.error?.detail}
                </p>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ol>
      <div class="actions">
        <button
          type="button"
          class="button-secondary"
          onClick={() =>
            setRules([...rules, { type: 0, ip: '', ipMinimum: '', ipMaximum: '', range: '' }])
          }
        >
          Add a rule
        </button>
        <button type="submit" disabled={submit.busy}>
          Save IP whitelist
        </button>
      </div>
    </form>
  );
}
