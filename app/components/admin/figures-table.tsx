import type { ReactNode } from "react";
import { cn } from "~/lib/ui/cn";

/** One column of a figures table: its heading and cell; numbers align right; `wide` ones hide on phones. */
export interface FigureColumn<Row> {
  label: string;
  cell(row: Row): ReactNode;
  numeric?: boolean;
  wide?: boolean;
}

const th = "py-2 pr-3 text-left text-xs font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400";

/**
 * The numbers beside a chart: the first column names each row (a row header for screen readers),
 * the others are its figures.
 */
export function FiguresTable<Row>(props: {
  rows: readonly Row[];
  rowKey(row: Row): string;
  rowLabel: FigureColumn<Row>;
  columns: FigureColumn<Row>[];
  className?: string;
}) {
  const placed = (column: FigureColumn<Row>) =>
    cn(column.numeric && "text-right", column.wide && "hidden sm:table-cell");
  return (
    <table className={cn("w-full text-sm", props.className)}>
      <thead>
        <tr>
          <th scope="col" className={th}>
            {props.rowLabel.label}
          </th>
          {props.columns.map((column) => (
            <th key={column.label} scope="col" className={cn(th, placed(column))}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-100 dark:divide-neutral-800">
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)}>
            <th scope="row" className="py-2 pr-3 text-left font-normal">
              {props.rowLabel.cell(row)}
            </th>
            {props.columns.map((column) => (
              <td key={column.label} className={cn("py-2 pr-3 tabular-nums", placed(column))}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
