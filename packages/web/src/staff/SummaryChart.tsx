import { SHIFT_TYPES } from "@bluelight/core/shifts"
import { useId } from "react"
import { staff as words } from "../strings/index.js"
import { durationText } from "./duration.js"
import type { ChartRow } from "./summaryChart.js"

const ROW = 30
const LABEL = 170
const BARS = 330
const WIDTH = LABEL + BARS + 110

/** What the chart says, as one sentence per person: its text alternative. */
const description = (rows: ReadonlyArray<ChartRow>): string =>
  words.chartDescription(
    rows.map((row) =>
      words.chartLine(
        row.name,
        durationText(row.totalSeconds),
        row.segments.map((segment) => `${words.shiftTypes[segment.type]} ${durationText(segment.seconds)}`).join(", ")
      )
    )
  )

/**
 * The summary as plain SVG bars: a row per person, split by shift type (colour and the legend's
 * words; the numbers are in the table below and in the chart's text alternative).
 */
export const SummaryChart = ({ rows }: { readonly rows: ReadonlyArray<ChartRow> }) => {
  const titleId = useId()
  const descId = useId()
  const height = Math.max(1, rows.length) * ROW
  return (
    <figure className="staff-chart">
      <figcaption>{words.chartTitle}</figcaption>
      <ul className="staff-legend" aria-label={words.legend}>
        {SHIFT_TYPES.map((type) => (
          <li key={type}>
            <span className={`swatch type-${type}`} aria-hidden="true" /> {words.shiftTypes[type]}
          </li>
        ))}
      </ul>
      <svg role="img" aria-labelledby={`${titleId} ${descId}`} viewBox={`0 0 ${WIDTH} ${height}`} width="100%" preserveAspectRatio="xMinYMin meet">
        <title id={titleId}>{words.chartTitle}</title>
        <desc id={descId}>{description(rows)}</desc>
        {rows.map((row, i) => (
          <g key={row.staffId} transform={`translate(0 ${i * ROW})`}>
            <text x={LABEL - 8} y={ROW / 2} textAnchor="end" dominantBaseline="middle" className="chart-label">
              {row.name.length > 22 ? `${row.name.slice(0, 21)}…` : row.name}
            </text>
            {row.segments.map((segment) => (
              <rect
                key={segment.type}
                className={`type-${segment.type}`}
                x={LABEL + segment.start * BARS}
                y={5}
                width={Math.max(1, segment.width * BARS)}
                height={ROW - 10}
              >
                <title>{`${row.name}: ${words.shiftTypes[segment.type]} ${durationText(segment.seconds)}`}</title>
              </rect>
            ))}
            <text
              x={LABEL + row.segments.reduce((end, segment) => Math.max(end, segment.start + segment.width), 0) * BARS + 6}
              y={ROW / 2}
              dominantBaseline="middle"
              className="chart-value"
            >
              {durationText(row.totalSeconds)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  )
}
