/*
 * What the HTML report's charts (report.js) and overhead serve's (serve.js) share: script errors kept on the
 * page for the tests to read, the page's JSON data block, the colours, number formatting, one way to draw and
 * resize a chart, and changes as ratios on a log axis. Loaded before either script; it defines one global.
 */
var overheadCharts = function (dataId) {
  'use strict';
  var errors = [];
  window.addEventListener('error', function (e) {
    errors.push(String(e.message));
    document.body.setAttribute('data-errors', errors.join(' | '));
  });

  var data = JSON.parse(document.getElementById(dataId).textContent);
  var nf;
  try {
    nf = new Intl.NumberFormat(data.locale === 'und' ? undefined : data.locale, {maximumSignificantDigits: 4});
  } catch (e) {
    nf = new Intl.NumberFormat(undefined, {maximumSignificantDigits: 4});
  }
  function fmt(v) { return v === null || v === undefined ? 'n/a' : nf.format(v); }
  function pct(v) { return v === null || v === undefined ? 'n/a' : (v >= 0 ? '+' : '') + fmt(v) + '%'; }

  var charts = [];
  function draw(el, option) {
    var chart = echarts.getInstanceByDom(el) || echarts.init(el, null, {renderer: 'svg'});
    option.animation = false;
    chart.setOption(option, true);
    if (charts.indexOf(chart) < 0) { charts.push(chart); }
    return chart;
  }
  window.addEventListener('resize', function () { charts.forEach(function (c) { c.resize(); }); });

  /* Changes as ratios on a log axis: +80,000,000% and +2% both stay readable, and -50% sits as far
     from 0 as +100%. A ratio cannot reach 0, so the lower ends are held at 1/1000. */
  function ratio(pctValue) { return Math.max(1e-3, 1 + pctValue / 100); }
  function ratioLabel(r) { return r >= 2 ? '\u00d7' + fmt(r) : pct((r - 1) * 100); }

  return {
    data: data,
    palette: ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#76b7b2', '#edc948', '#e15759', '#9c755f'],
    verdictColours: {worse: '#c62828', better: '#2e7d32', equivalent: '#455a64', inconclusive: '#a15c00'},
    fmt: fmt,
    pct: pct,
    draw: draw,
    ratio: ratio,
    ratioLabel: ratioLabel,
    count: function () { return charts.length; }
  };
};
