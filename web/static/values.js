// The value charts shared by the game page and the rule editor: G(n) as
// points (no line: values of separate positions), zeros marked, the
// pattern's pre-period and periods shaded, and the same numbers as a table.

// drawValues charts values[i] = G(from + i) in el with ECharts.
// opts: {from, values, pattern, name, what, labels}: name the axis title
// ("G(n)"), what the hover's word ("Grundy value"), labels optional extra
// text per point.
export function drawValues(el, { from, values, pattern, name = 'G(n)', what = 'value', labels }) {
  const chart = echarts.getInstanceByDom(el) || echarts.init(el);
  const hi = from + values.length - 1;
  const areas = [], lines = [];
  const p = pattern;
  if (p) {
    if (p.preperiod > from) areas.push([{ name: 'pre-period', xAxis: from, itemStyle: { color: 'rgba(120,130,150,.18)' } }, { xAxis: Math.min(p.preperiod, hi) }]);
    const ps = Math.max(p.preperiod, from);
    if (ps <= hi) areas.push([{ name: `period ${p.period}`, xAxis: ps, itemStyle: { color: 'rgba(47,91,211,.16)' } }, { xAxis: Math.min(ps + p.period, hi) }]);
    for (let x = ps + 2 * p.period, k = 0; x <= hi && k < 150; x += p.period, k++) lines.push({ xAxis: x });
  }
  const zero = [], rest = [];
  values.forEach((v, i) => (v === 0 ? zero : rest).push([from + i, v]));
  const many = values.length > 3000;
  const fmt = (d) => `n = ${d[0]}<br>${name.replace('(n)', `(${d[0]})`)} = ${d[1]}${labels ? `<br>${labels[d[0] - from]}` : ''}`;
  chart.setOption({
    animation: false,
    // The areas' names sit above the plot (position 'top'), where they
    // cover no point.
    grid: { left: 50, right: 20, top: 46, bottom: 70 },
    tooltip: { trigger: 'item', formatter: (q) => fmt(q.data) },
    xAxis: { type: 'value', name: 'n', min: from, max: hi },
    yAxis: { type: 'value', name, minInterval: 1, min: 0 },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 22, bottom: 12, showDataShadow: false }],
    series: [
      {
        name: `${name} > 0`, type: 'scatter', symbolSize: many ? 3 : 6, large: many, itemStyle: { color: '#2f5bd3' }, data: rest,
        markArea: { silent: true, label: { position: 'top', distance: 4, color: '#38425a' }, data: areas },
        markLine: { silent: true, symbol: 'none', label: { show: false }, lineStyle: { type: 'dashed', color: 'rgba(47,91,211,.45)' }, data: lines },
      },
      { name: `${name} = 0`, type: 'scatter', symbol: 'diamond', symbolSize: many ? 5 : 9, large: many, itemStyle: { color: '#8b1a1a' }, data: zero },
    ],
  }, true);
  el.dataset.drawn = 'true';
  el.dataset.points = String(values.length);
  el.dataset.zeros = String(zero.length);
  el.dataset.what = what;
}

// valuesTable writes values[i] (of n = from + i) as a table of numbers,
// width to a row (the period, when short, so a period's columns line up).
export function valuesTable(from, values, width, head) {
  const rows = [];
  for (let i = 0; i < values.length; i += width) {
    rows.push(document.createElement('tr'));
    const th = document.createElement('th');
    th.textContent = String(from + i);
    rows.at(-1).append(th);
    for (let k = i; k < Math.min(i + width, values.length); k++) {
      const td = document.createElement('td');
      td.textContent = String(values[k]);
      td.dataset.n = String(from + k);
      if (values[k] === 0) td.className = 'zero';
      rows.at(-1).append(td);
    }
  }
  const table = document.createElement('table');
  table.className = 'numbers';
  table.id = 'values-table';
  table.append(...rows);
  const cap = document.createElement('p');
  cap.className = 'muted';
  cap.textContent = `${head}(n) for n = ${from}..${from + values.length - 1}, ${width} to a row (each row is labelled with its first n); zeros in red.`;
  const scroll = document.createElement('div');
  scroll.className = 'scroll';
  scroll.append(table);
  const box = document.createElement('div');
  box.append(cap, scroll);
  return box;
}
