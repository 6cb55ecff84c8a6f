import { ChevronDown } from "lucide-react";
import { cn } from "~/lib/ui/cn";
import { inputClasses } from "./text-field";

/** A labelled native select of `options`, with the chevron the inputs share. */
export function Picker<Value extends string | number>(props: {
  id: string;
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange(value: Value): void;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={props.id} className="text-sm font-medium">
        {props.label}
      </label>
      <div className="relative">
        <select
          id={props.id}
          value={String(props.value)}
          onChange={(event) => {
            const chosen = props.options.find((option) => String(option.value) === event.target.value);
            if (chosen) props.onChange(chosen.value);
          }}
          className={cn(inputClasses, "cursor-pointer appearance-none pr-9 text-sm")}
        >
          {props.options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-neutral-500"
        />
      </div>
    </div>
  );
}
