import type { CostDashboard } from '@contracts/usage/usage-views.js';
import { lazy, Suspense, useState } from 'react';
import { apiGet } from '../api/api-client.js';
import { usd } from '../format/money.js';
import { Alert } from '../ui/alert.js';
import { AsyncView } from '../ui/async-state.js';
import { PageLayout } from '../ui/page-layout.js';
import { useAsync } from '../ui/use-async.js';

/** The charting library is the heaviest piece of the app: fetched only when this page draws. */
const BarChart = lazy(() => import('../cost/bar-chart.js'));

const PERIODS = [['7d', 'Last 7 days'], ['30d', 'Last 30 days'], ['mtd', 'Month to date']] as const;
type Period = (typeof PERIODS)[number][0];

const count = (value: number) => new Intl.NumberFormat('en-US').format(value);

function Chart({ title, rows, value }: { title: string; rows: { label: string; value: number; extra?: string }[]; value: string }) {
  const labels = rows.map((row) => row.label);
  const values = rows.map((row) => row.value);
  return (
    <section className="card" aria-labelledby={`${title}-heading`}>
      <h2 id={`${title}-heading`}>{title}</h2>
      {rows.length === 0 ? <p className="empty">Nothing in this period.</p> : (
        <>
          <Suspense fallback={<p className="loading" role="status">Loading chart…</p>}>
            <BarChart label={`${title}: bar chart, figures in the table below`} categories={labels} values={values} format={usd} />
          </Suspense>
          <details>
            <summary>{title} as a table</summary>
            <table>
              <thead><tr><th scope="col">{value}</th><th scope="col">Cost</th>{rows.some((row) => row.extra) && <th scope="col">Detail</th>}</tr></thead>
              <tbody>{rows.map((row) => <tr key={row.label}><td>{row.label}</td><td>{usd(row.value)}</td>{row.extra && <td>{row.extra}</td>}</tr>)}</tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}

export default function CostPage() {
  const [period, setPeriod] = useState<Period>('7d');
  const cost = useAsync((signal) => apiGet<CostDashboard>(`/api/dashboard/cost?period=${period}`, signal), period);
  return (
    <PageLayout title="Cost">
      <div className="field">
        <label htmlFor="period">Period</label>
        <select id="period" value={period} onChange={(event) => setPeriod(event.target.value as Period)}>
          {PERIODS.map(([value, text]) => <option key={value} value={value}>{text}</option>)}
        </select>
      </div>
      <AsyncView state={cost} noun="your costs">
        {(data) => (
          <>
            {data.isMockData && <Alert tone="info">{data.message ?? 'No usage yet: these are sample figures.'}</Alert>}
            <dl className="summary" aria-label="Summary">
              <div><dt>Total cost</dt><dd data-testid="total-cost">{usd(data.summary.totalCost)}</dd></div>
              <div><dt>Calls</dt><dd>{count(data.summary.totalCalls)}</dd></div>
              <div><dt>Tokens</dt><dd>{count(data.summary.totalTokens)}</dd></div>
              <div><dt>Average per call</dt><dd>{usd(data.summary.avgCostPerCall)}</dd></div>
            </dl>
            <Chart title="Daily cost" value="Day" rows={data.daily.map((day) => ({ label: day.date, value: day.cost, extra: `${count(day.tokens)} tokens` }))} />
            <Chart title="Cost by model" value="Model" rows={data.modelBreakdown.map((model) => ({ label: model.model, value: model.cost, extra: `${model.percent}%` }))} />
            <Chart title="Spend by agent" value="Agent" rows={data.agents.map((agent) => ({ label: agent.name, value: agent.cost, extra: `${count(agent.calls)} calls, ${agent.model}` }))} />
          </>
        )}
      </AsyncView>
    </PageLayout>
  );
}
