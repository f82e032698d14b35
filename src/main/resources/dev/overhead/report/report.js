/*
 * Draws the overhead report's charts from its JSON data block. User text reaches the page only as
 * textContent or as ECharts text (SVG text nodes, rich-text tooltips), never as HTML.
 */
(function () {
  'use strict';
  var shared = overheadCharts('overhead-data');
  var data = shared.data, palette = shared.palette, verdictColours = shared.verdictColours;
  var fmt = shared.fmt, pct = shared.pct, draw = shared.draw, ratio = shared.ratio, ratioLabel = shared.ratioLabel;
  function colour(name) {
    var i = data.variants.indexOf(name);
    return palette[(i < 0 ? 0 : i) % palette.length];
  }
  var tooltip = {trigger: 'item', renderMode: 'richText', confine: true};


  function metricOf(w, name) {
    for (var i = 0; i < w.metrics.length; i++) { if (w.metrics[i].name === name) { return w.metrics[i]; } }
    return null;
  }
  function values(v, name, factor) {
    return v.runs.filter(function (r) { return r.values[name] !== undefined && r.values[name] !== null; })
      .map(function (r) { return r.values[name] * factor; });
  }
  function quantile(sorted, p) {
    var h = (sorted.length - 1) * p, lo = Math.floor(h), hi = Math.ceil(h);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (h - lo);
  }
  function fiveNumbers(vals) {
    var s = vals.slice().sort(function (a, b) { return a - b; });
    return [s[0], quantile(s, 0.25), quantile(s, 0.5), quantile(s, 0.75), s[s.length - 1]];
  }
  function axisName(m) { return m.label + (m.unit ? ' (' + m.unit + ')' : ''); }

  /* Per metric: a box per variant with every run as a point beside it (deterministic jitter). */
  function distribution(el, w, m) {
    var names = w.variants.map(function (v) { return v.name; });
    var series = [{
      type: 'boxplot', name: 'distribution', xAxisIndex: 0, boxWidth: ['30%', '55%'],
      data: w.variants.map(function (v) {
        var vals = values(v, m.name, m.factor);
        return {value: vals.length ? fiveNumbers(vals) : [], itemStyle: {borderColor: colour(v.name), color: 'transparent'}};
      }),
      tooltip: {formatter: function (p) {
        var q = p.data.value;
        return p.name + '\nmedian ' + fmt(q[2]) + ' ' + m.unit + '\nquartiles ' + fmt(q[1]) + ' to ' + fmt(q[3]);
      }}
    }];
    w.variants.forEach(function (v, i) {
      series.push({
        type: 'scatter', name: v.name, xAxisIndex: 1, symbolSize: 5, itemStyle: {color: colour(v.name), opacity: 0.7},
        data: values(v, m.name, m.factor).map(function (y, k) { return [i + ((k * 0.6180339887) % 1 - 0.5) * 0.3, y]; }),
        tooltip: {formatter: function (p) { return v.name + ': ' + fmt(p.value[1]) + ' ' + m.unit; }}
      });
    });
    draw(el, {
      title: {text: axisName(m) + (m.better === 'higher' ? ', higher is better' : ''), left: 'center',
        textStyle: {fontSize: 13}},
      tooltip: tooltip,
      grid: {left: 10, right: 15, top: 35, bottom: 10, containLabel: true},
      xAxis: [{type: 'category', data: names, axisLabel: {interval: 0}},
        {type: 'value', min: -0.5, max: names.length - 0.5, show: false}],
      yAxis: {type: 'value', scale: true, axisLabel: {formatter: fmt}},
      series: series
    });
  }

  /* Value against the run's place in the whole study: warm-up, drift and interference show here. */
  function sequence(el, w, m) {
    draw(el, {
      title: {text: w.label + ': ' + axisName(m) + ' in run order', left: 'center', textStyle: {fontSize: 13}},
      legend: {top: 24},
      tooltip: tooltip,
      grid: {left: 10, right: 25, top: 60, bottom: 30, containLabel: true},
      xAxis: {type: 'value', name: 'run sequence', nameLocation: 'middle', nameGap: 25, minInterval: 1, scale: true},
      yAxis: {type: 'value', scale: true, axisLabel: {formatter: fmt}},
      series: w.variants.map(function (v) {
        return {
          type: 'line', name: v.name, showSymbol: true, symbolSize: 6, itemStyle: {color: colour(v.name)},
          lineStyle: {width: 1, opacity: 0.45},
          data: v.runs.filter(function (r) { return r.values[m.name] !== undefined && r.values[m.name] !== null; })
            .map(function (r) { return [r.sequence, r.values[m.name] * m.factor]; }),
          tooltip: {formatter: function (p) { return v.name + ', run ' + p.value[0] + ': ' + fmt(p.value[1]) + ' ' + m.unit; }}
        };
      })
    });
  }

  /* Every comparison's change with its interval, coloured by verdict, over the ±threshold band. */
  function forest(el) {
    // the metrics that matter: those the tables show, without counts that are about zero on both sides
    var rows = data.comparisons.filter(function (c) { return c.chart; }).reverse();
    var t = data.threshold;
    var labels = rows.map(function (c) {
      return c.workload + ' · ' + c.metricLabel + ' · ' + c.candidate + ' vs ' + c.baseline;
    });
    el.style.height = Math.max(240, 70 + rows.length * 22) + 'px';
    draw(el, {
      tooltip: {trigger: 'item', renderMode: 'richText', confine: true, formatter: function (p) {
        var c = rows[p.dataIndex];
        return labels[p.dataIndex] + '\n' + pct(c.change) + ' [' + pct(c.low) + ', ' + pct(c.high) + '] ' + c.verdict;
      }},
      grid: {left: 10, right: 30, top: 10, bottom: 40, containLabel: true},
      xAxis: {type: 'log', logBase: 2, name: 'change (log scale)', nameLocation: 'middle', nameGap: 25,
        axisLabel: {formatter: ratioLabel}},
      yAxis: {type: 'category', data: labels, axisLabel: {fontSize: 11}},
      series: [{
        type: 'custom', name: 'change', encode: {x: [1, 2, 3], y: 0},
        data: rows.map(function (c, i) {
          var mid = c.change === null ? 0 : c.change;
          return [i, ratio(c.low === null ? mid : c.low), ratio(c.high === null ? mid : c.high), ratio(mid)];
        }),
        renderItem: function (params, api) {
          var colourOf = verdictColours[rows[params.dataIndex].verdict] || '#333';
          var lo = api.coord([api.value(1), api.value(0)]);
          var hi = api.coord([api.value(2), api.value(0)]);
          var mid = api.coord([api.value(3), api.value(0)]);
          var h = api.size([0, 1])[1] * 0.35;
          var stroke = {stroke: colourOf, lineWidth: 2};
          return {type: 'group', children: [
            {type: 'line', shape: {x1: lo[0], y1: lo[1], x2: hi[0], y2: hi[1]}, style: stroke},
            {type: 'line', shape: {x1: lo[0], y1: lo[1] - h / 2, x2: lo[0], y2: lo[1] + h / 2}, style: stroke},
            {type: 'line', shape: {x1: hi[0], y1: hi[1] - h / 2, x2: hi[0], y2: hi[1] + h / 2}, style: stroke},
            {type: 'circle', shape: {cx: mid[0], cy: mid[1], r: 4}, style: {fill: colourOf}}
          ]};
        },
        markArea: {silent: true, itemStyle: {color: 'rgba(69, 90, 100, 0.12)'},
          data: [[{xAxis: ratio(-t)}, {xAxis: ratio(t)}]]},
        markLine: {silent: true, symbol: 'none', label: {show: false}, lineStyle: {color: '#777', type: 'solid'},
          data: [{xAxis: 1}]}
      }, {
        // invisible points at ±1.5 T, so the axis always shows the threshold band
        type: 'scatter', symbolSize: 0, silent: true, tooltip: {show: false},
        data: [[ratio(-1.5 * t), labels[0]], [ratio(1.5 * t), labels[0]]]
      }]
    });
  }

  /* Instances of a swept workload side by side: each candidate's change against the parameter
     values, every point with its interval. */
  function parameterChart(el, group, name) {
    var members = group.workloads.map(function (i) { return data.workloads[i]; });
    var first = null;
    members.forEach(function (w) { first = first || metricOf(w, name); });
    if (!first) { el.hidden = true; return; }
    el.hidden = false;
    var xs = members.map(function (w) {
      return group.parameters.map(function (k) { return w.parameters[k]; }).join(', ');
    });
    var numeric = group.parameters.length === 1 && xs.every(function (x) { return x !== '' && !isNaN(Number(x)); });
    var candidates = [];
    data.comparisons.forEach(function (c) { if (candidates.indexOf(c.candidate) < 0) { candidates.push(c.candidate); } });
    var series = [];
    candidates.forEach(function (cn) {
      var points = [];
      members.forEach(function (w, i) {
        var c = data.comparisons.filter(function (x) {
          return x.workload === w.name && x.metric === name && x.candidate === cn;
        })[0];
        if (c && c.change !== null) {
          points.push([numeric ? Number(xs[i]) : i, c.change, c.low === null ? c.change : c.low,
            c.high === null ? c.change : c.high]);
        }
      });
      points.sort(function (a, b) { return a[0] - b[0]; });
      series.push({type: 'line', name: cn, symbolSize: 7, itemStyle: {color: colour(cn)},
        data: points.map(function (p) { return [p[0], p[1]]; })});
      series.push({type: 'custom', name: cn, itemStyle: {color: colour(cn)}, encode: {x: 0, y: [1, 2, 3]},
        data: points,
        renderItem: function (params, api) {
          var lo = api.coord([api.value(0), api.value(2)]);
          var hi = api.coord([api.value(0), api.value(3)]);
          var style = {stroke: colour(cn), lineWidth: 1.5};
          return {type: 'group', children: [
            {type: 'line', shape: {x1: lo[0], y1: lo[1], x2: hi[0], y2: hi[1]}, style: style},
            {type: 'line', shape: {x1: lo[0] - 4, y1: lo[1], x2: lo[0] + 4, y2: lo[1]}, style: style},
            {type: 'line', shape: {x1: hi[0] - 4, y1: hi[1], x2: hi[0] + 4, y2: hi[1]}, style: style}
          ]};
        }});
    });
    draw(el, {
      title: {text: group.name + ': change in ' + first.label + ' against ' + group.parameters.join(', '),
        left: 'center', textStyle: {fontSize: 13}},
      legend: {top: 24, data: candidates},
      tooltip: {trigger: 'item', renderMode: 'richText', confine: true, formatter: function (p) {
        return p.seriesName + ': ' + pct(p.value[1]) + (p.value.length > 3 ? ' [' + pct(p.value[2]) + ', ' + pct(p.value[3]) + ']' : '');
      }},
      grid: {left: 10, right: 25, top: 60, bottom: 30, containLabel: true},
      xAxis: numeric ? {type: 'value', name: group.parameters[0], nameLocation: 'middle', nameGap: 25, scale: true}
        : {type: 'category', data: xs, name: group.parameters.join(', '), nameLocation: 'middle', nameGap: 25},
      yAxis: {type: 'value', scale: true, name: 'change (%)', axisLabel: {formatter: function (v) { return pct(v); }}},
      series: series
    });
  }

  var select = document.getElementById('metric-select');
  var allMetrics = [];
  data.workloads.forEach(function (w) {
    w.metrics.forEach(function (m) {
      if (!allMetrics.some(function (x) { return x.name === m.name; })) { allMetrics.push(m); }
    });
  });
  allMetrics.forEach(function (m) {
    var option = document.createElement('option');
    option.value = m.name;
    option.textContent = m.label;
    select.appendChild(option);
  });
  if (allMetrics.length) {
    select.value = allMetrics.some(function (m) { return m.name === data.primary; }) ? data.primary : allMetrics[0].name;
  }

  var sections = Array.prototype.slice.call(document.querySelectorAll('section.workload'));
  var groupCharts = [];
  if (data.parameterGroups.length) {
    var holder = document.getElementById('parameter-charts');
    document.getElementById('parameters').hidden = false;
    data.parameterGroups.forEach(function () {
      var div = document.createElement('div');
      div.className = 'chart';
      holder.appendChild(div);
      groupCharts.push(div);
    });
  }

  function drawSelected() {
    var name = select.value;
    sections.forEach(function (section) {
      var w = data.workloads[Number(section.getAttribute('data-workload'))];
      var el = section.querySelector('.chart.sequence');
      var m = metricOf(w, name);
      el.hidden = !m;
      if (m) { sequence(el, w, m); }
    });
    data.parameterGroups.forEach(function (g, i) { parameterChart(groupCharts[i], g, name); });
  }

  if (data.comparisons.some(function (c) { return c.chart; })) {
    forest(document.getElementById('forest-chart'));
  } else {
    document.getElementById('forest').hidden = true;
  }
  sections.forEach(function (section) {
    var w = data.workloads[Number(section.getAttribute('data-workload'))];
    var grid = section.querySelector('.dist-grid');
    w.metrics.forEach(function (m) {
      var div = document.createElement('div');
      div.className = 'chart';
      grid.appendChild(div);
      distribution(div, w, m);
    });
  });
  drawSelected();
  select.addEventListener('change', drawSelected);
  document.body.setAttribute('data-rendered', String(shared.count()));
}());
