// The customizations the ported suite (`test/ported/`) adds to both agents under test, as plain
// data: an action whose two-page form uses every field helper of the vendor's client, and charts
// of each kind on the data source and on `customers`. Static values, so that both agents answer
// the same; `grove-agent.ts` and `vendor-agent.ts` register them with their own customizer.

/** `T` with every `readonly` dropped, at any depth (the customizers take mutable arrays). */
type Mutable<T> = T extends Date
  ? T
  : T extends object
    ? { -readonly [K in keyof T]: Mutable<T[K]> }
    : T;

const registerForm = [
  {
    type: 'Layout',
    component: 'Page',
    nextButtonLabel: 'Next',
    previousButtonLabel: 'Back',
    elements: [
      { type: 'Layout', component: 'HtmlBlock', content: '<h1>Profile</h1>' },
      {
        type: 'Layout',
        component: 'Row',
        fields: [
          { label: 'Age', type: 'Number', isRequired: true },
          { label: 'Nickname', type: 'String' },
        ],
      },
      { type: 'Layout', component: 'Separator' },
      { label: 'Preferences', type: 'Json' },
      { label: 'Lucky numbers', type: 'NumberList' },
      { label: 'Aliases', type: 'StringList' },
      { label: 'Birthday', type: 'Date' },
    ],
  },
  {
    type: 'Layout',
    component: 'Page',
    nextButtonLabel: 'Send',
    previousButtonLabel: 'Back',
    elements: [
      { label: 'Newsletter', type: 'Boolean', widget: 'Checkbox' },
      {
        label: 'Channels',
        type: 'StringList',
        widget: 'CheckboxGroup',
        options: [
          { label: 'By mail', value: 'mail' },
          { label: 'By SMS', value: 'sms' },
        ],
      },
      {
        label: 'Carrier',
        type: 'String',
        widget: 'Dropdown',
        options: [
          { label: 'La Poste', value: 'laposte' },
          { label: 'UPS', value: 'ups' },
        ],
      },
      {
        label: 'Speed',
        type: 'String',
        widget: 'RadioGroup',
        options: [
          { label: 'Fast', value: 'fast' },
          { label: 'Slow', value: 'slow' },
        ],
      },
      { label: 'Size', type: 'Enum', enumValues: ['S', 'M', 'L'] },
      {
        label: 'Favourite color',
        type: 'String',
        widget: 'ColorPicker',
        enableOpacity: true,
        quickPalette: ['#ff0000', '#00ff00'],
      },
    ],
  },
] as const;

/** A fresh copy of the two-page form of the `customers` action `Register`. */
export function portingRegisterForm(): Mutable<typeof registerForm> {
  return structuredClone(registerForm) as Mutable<typeof registerForm>;
}

/** A static chart: its kind and what the result builder is given. */
export type PortingChart =
  | { readonly kind: 'distribution'; readonly values: Readonly<Record<string, number>> }
  | { readonly kind: 'percentage'; readonly value: number }
  | { readonly kind: 'objective'; readonly value: number; readonly objective: number }
  | { readonly kind: 'leaderboard'; readonly values: Readonly<Record<string, number>> }
  | {
      readonly kind: 'timeBased';
      readonly points: readonly { readonly date: string; readonly value: number }[];
    };

/** The charts of `customers`, by name. */
export const portingCustomerCharts: Readonly<Record<string, PortingChart>> = {
  ordersByStatus: { kind: 'distribution', values: { paid: 1, pending: 1 } },
  paidShare: { kind: 'percentage', value: 50 },
  orderObjective: { kind: 'objective', value: 2, objective: 5 },
  topProducts: { kind: 'leaderboard', values: { Chair: 3, Lamp: 1 } },
  ordersPerMonth: {
    kind: 'timeBased',
    points: [
      { date: '2024-01-15T12:00:00Z', value: 2 },
      { date: '2024-02-15T12:00:00Z', value: 1 },
    ],
  },
};

/** The charts of the data source, by name. */
export const portingDataSourceCharts: Readonly<Record<string, PortingChart>> = {
  paidShare: { kind: 'percentage', value: 50 },
  ordersObjective: { kind: 'objective', value: 30, objective: 100 },
  topCities: { kind: 'leaderboard', values: { Paris: 10, Lyon: 6, Nantes: 3 } },
  ordersPerMonth: {
    kind: 'timeBased',
    points: [
      { date: '2024-01-15T12:00:00Z', value: 30 },
      { date: '2024-03-15T12:00:00Z', value: 5 },
    ],
  },
};

/** The result-builder methods the charts use: Grove's and the vendor's builders both have them. */
export interface PortingChartBuilder {
  distribution(values: Record<string, number>): unknown;
  percentage(value: number): unknown;
  objective(value: number, objective: number): unknown;
  leaderboard(values: Record<string, number>): unknown;
  timeBased(timeRange: 'Month', points: { date: Date; value: number }[]): unknown;
}

/** What the builder's methods return (each agent's own chart types). */
type Built<B extends PortingChartBuilder> = ReturnType<B[keyof PortingChartBuilder]>;

/** Renders a static chart with a result builder. */
export function renderPortingChart<B extends PortingChartBuilder>(
  builder: B,
  chart: PortingChart,
): Built<B> {
  switch (chart.kind) {
    case 'distribution':
      return builder.distribution({ ...chart.values }) as Built<B>;
    case 'percentage':
      return builder.percentage(chart.value) as Built<B>;
    case 'objective':
      return builder.objective(chart.value, chart.objective) as Built<B>;
    case 'leaderboard':
      return builder.leaderboard({ ...chart.values }) as Built<B>;
    case 'timeBased': {
      const points = chart.points.map(({ date, value }) => ({ date: new Date(date), value }));

      return builder.timeBased('Month', points) as Built<B>;
    }
  }
}
