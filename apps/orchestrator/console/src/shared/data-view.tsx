/**
 * A JSON value (a DataPart's data: an outline, a summary) as a person reads it: an object as a list of its keys and
 * values, an array as a list, long text as text. The raw JSON stays a click away where this is used.
 */
export function JsonDataView({ value }: { readonly value: unknown }) {
  if (value === null || typeof value !== 'object') {
    return <span class="data-scalar">{typeof value === 'string' ? value : JSON.stringify(value)}</span>;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return <span class="muted">(none)</span>;
    return (
      <ul class="data-list">
        {value.map((item, index) => (
          <li key={index}>
            <JsonDataView value={item} />
          </li>
        ))}
      </ul>
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return <span class="muted">(empty)</span>;
  return (
    <dl class="data">
      {entries.map(([key, item]) => [
        <dt key={`${key}-key`}>{key}</dt>,
        <dd key={`${key}-value`}>
          <JsonDataView value={item} />
        </dd>,
      ])}
    </dl>
  );
}
