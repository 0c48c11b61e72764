// A form from the JSON Schema of a moderator action's arguments (what GET /mod-actions gives): a text box per
// string, a menu per enum, a number box, a check box, a comma-separated box per list. A rulebook's new action needs
// no new console code.
import { useState } from 'preact/hooks';

type Prop = { type?: string; enum?: unknown[]; description?: string; items?: { type?: string }; anyOf?: Prop[] };

/** The argument form; `onSubmit` gets the arguments as the schema types them. */
export function SchemaForm({
  schema,
  idPrefix,
  submit,
  onSubmit,
  labelOf,
  choiceLabel,
}: {
  readonly schema: Readonly<Record<string, unknown>>;
  readonly idPrefix: string;
  readonly submit: string;
  readonly onSubmit: (args: Record<string, unknown>) => Promise<void> | void;
  /** An argument's label in the reader's language (then the schema's English description is not shown). */
  readonly labelOf?: (key: string) => string;
  /** An enumerated value's label in the reader's language. */
  readonly choiceLabel?: (key: string, value: string) => string;
}) {
  const props = Object.entries((schema.properties as Record<string, Prop> | undefined) ?? {});
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const send = (e: Event) => {
    e.preventDefault();
    const args: Record<string, unknown> = {};
    for (const [k, p] of props) {
      const v = values[k];
      if (v === undefined || v === '') continue;
      const type = p.type ?? p.anyOf?.find((x) => x.type)?.type;
      if (type === 'number' || type === 'integer') args[k] = Number(v);
      else if (type === 'boolean') args[k] = v === true;
      else if (type === 'array')
        args[k] = String(v)
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
      else args[k] = v;
    }
    void onSubmit(args);
  };
  return (
    <form class="schema-form" onSubmit={send}>
      {props.map(([k, p]) => {
        const id = `${idPrefix}-${k}`;
        const label = `${labelOf ? labelOf(k) : k}${required.has(k) ? ' *' : ''}`;
        const hint = p.description && !labelOf ? <small id={`${id}-hint`}>{p.description}</small> : null;
        const set = (v: string | boolean) => setValues((x) => ({ ...x, [k]: v }));
        if (p.enum)
          return (
            <p key={k} class="field">
              <label for={id}>{label}</label>
              <select id={id} value={String(values[k] ?? '')} onChange={(e) => set(e.currentTarget.value)} aria-describedby={hint ? `${id}-hint` : undefined}>
                <option value="">—</option>
                {p.enum.map((x) => (
                  <option key={String(x)} value={String(x)}>
                    {choiceLabel ? choiceLabel(k, String(x)) : String(x)}
                  </option>
                ))}
              </select>
              {hint}
            </p>
          );
        if (p.type === 'boolean')
          return (
            <p key={k} class="field check">
              <input id={id} type="checkbox" checked={values[k] === true} onChange={(e) => set(e.currentTarget.checked)} />
              <label for={id}>{label}</label>
              {hint}
            </p>
          );
        return (
          <p key={k} class="field">
            <label for={id}>{label}</label>
            <input
              id={id}
              inputMode={p.type === 'number' || p.type === 'integer' ? 'numeric' : 'text'}
              value={String(values[k] ?? '')}
              onInput={(e) => set(e.currentTarget.value)}
              required={required.has(k)}
              aria-describedby={hint ? `${id}-hint` : undefined}
            />
            {hint}
          </p>
        );
      })}
      <button type="submit">{submit}</button>
    </form>
  );
}
