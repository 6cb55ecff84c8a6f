/** A row of mutually exclusive choices, as radio buttons (keyboard: arrows within the group). */
export function SegmentedControl<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: string; hint?: string }[];
  onChange(value: T): void;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{props.legend}</legend>
      <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-neutral-100 p-1 dark:bg-neutral-800">
        {props.options.map((option) => (
          <label
            key={option.value}
            title={option.hint}
            className={props.value === option.value ? "segment segment-on" : "segment segment-off"}
          >
            <input
              type="radio"
              className="sr-only"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
