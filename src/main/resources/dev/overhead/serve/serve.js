/*
 * Draws the charts of overhead serve's history, machines and submission pages from the page's JSON data block,
 * with the same library and colours as the HTML report. User text reaches the page only as ECharts
 * text (SVG text nodes, rich-text tooltips), never as HTML.
 */
(function () {
  'use strict';
  var shared = overheadCharts('serve-data');
  var data = shared.data, palette = shared.palette, verdictColours = shared.verdictColours;
  var pct = shared.pct, draw = shared.draw, ratio = shared.ratio, ratioLabel = shared.ratioLabel;

  /* An interval as a vertical bar with end ticks, at x (a time or a category index). */
  function bars(colour) {
    return function (params, api) {
      var lo = api.coord([api.value(0), api.value(2)]);
      var hi = api.coord([api.value(0), api.value(3)]);
      var style = {stroke: colour, lineWidth: 1.5};
      return {type: 'group', children: [
        {type: 'line', shape: {x1: lo[0], y1: lo[1], x2: hi[0], y2: hi[1]}, style: style},
        {type: 'line', shape: {x1: lo[0] - 4, y1: lo[1], x2: lo[0] + 4, y2: lo[1]}, style: style},
        {type: 'line', shape: {x1: hi[0] - 4, y1: hi[1], x2: hi[0] + 4, y2: hi[1]}, style: style}
      ]};
    };
  }

  function history(el) {
    var c = data.chart;
    var byKernel = data.x === 'kernel', byCommit = data.x === 'commit';
    var categories = byKernel ? c.kernels : byCommit ? c.commits : null;
    function xOf(p) {
      return categories ? categories.indexOf(byKernel ? p.kernel : p.commit) : new Date(p.created).getTime();
    }
    var series = [];
    c.series.forEach(function (s, i) {
      var colour = palette[i % palette.length];
      var points = s.points.filter(function (p) { return p.change !== null; });
      var steps = s.steps.map(function (st) { return st.index; });
      series.push({
        type: 'line', name: s.machine, symbolSize: 8, itemStyle: {color: colour}, lineStyle: {width: 1.5},
        data: points.map(function (p) {
          return {value: [xOf(p), p.change, p.low, p.high],
            itemStyle: {color: verdictColours[p.verdict] || colour, borderColor: colour, borderWidth: 1.5}};
        }),
        tooltip: {formatter: function (p) {
          var q = points[p.dataIndex];
          return s.machine + ', ' + q.study + (q.kernel ? ' (' + q.kernel + ')' : '') +
            (q.commit ? ' at ' + q.commit.substring(0, 12) : '') + '\n' + pct(q.change) +
            ' [' + pct(q.low) + ', ' + pct(q.high) + '] ' + q.verdict;
        }},
        markLine: {symbol: 'none', lineStyle: {color: colour, type: 'dashed', width: 2},
          label: {formatter: 'change point', color: colour},
          data: steps.map(function (k) { return {xAxis: xOf(s.points[k])}; })}
      });
      series.push({
        type: 'custom', name: s.machine, renderItem: bars(colour), encode: {x: 0, y: [1, 2, 3]}, silent: true,
        data: points.filter(function (p) { return p.low !== null && p.high !== null; })
          .map(function (p) { return [xOf(p), p.change, p.low, p.high]; })
      });
    });
    draw(el, {
      title: {text: c.label + ': ' + c.key.workload + ' \u00b7 ' + c.key.metric + ' \u00b7 ' + c.key.candidate,
        left: 'center', textStyle: {fontSize: 13}},
      legend: {top: 24, data: c.series.map(function (s) { return s.machine; })},
      tooltip: {trigger: 'item', renderMode: 'richText', confine: true},
      grid: {left: 10, right: 30, top: 60, bottom: 40, containLabel: true},
      xAxis: categories
        ? {type: 'category', name: byKernel ? 'kernel' : 'commit', nameLocation: 'middle', nameGap: 28,
          data: categories.map(function (k) { return (byCommit ? k.substring(0, 12) : k) || 'not recorded'; })}
        : {type: 'time', name: 'study date', nameLocation: 'middle', nameGap: 28},
      yAxis: {type: 'value', scale: true, name: 'change (%)', axisLabel: {formatter: pct},
        splitLine: {lineStyle: {color: '#eee'}}},
      series: series.concat([{type: 'line', silent: true, data: [], markLine: {symbol: 'none', silent: true,
        label: {show: false}, lineStyle: {color: '#777', type: 'solid'}, data: [{yAxis: 0}]}}])
    });
  }


  /* Each comparison a row, each machine a bar in it (its interval, its estimate as a dot). */
  function machines(el) {
    var t = data.table;
    var rows = t.rows.slice().reverse();
    var labels = rows.map(function (r) { return r.workload + ' \u00b7 ' + r.metric + ' \u00b7 ' + r.candidate; });
    var n = t.machines.length;
    el.style.height = Math.max(240, 90 + rows.length * Math.max(2, n) * 16) + 'px';
    var series = t.machines.map(function (m, j) {
      var colour = palette[j % palette.length];
      var shift = n === 1 ? 0 : (j / (n - 1) - 0.5) * 0.5; // a share of the row's band
      var data = [];
      rows.forEach(function (r, i) {
        var c = r.cells[j];
        if (c && c.change !== null) {
          data.push([i, ratio(c.low === null ? c.change : c.low), ratio(c.high === null ? c.change : c.high),
            ratio(c.change)]);
        }
      });
      return {
        type: 'custom', name: m, itemStyle: {color: colour}, encode: {x: [1, 2, 3], y: 0}, data: data,
        tooltip: {formatter: function (p) {
          var r = rows[p.value[0]], c = r.cells[j];
          return m + ': ' + labels[p.value[0]] + '\n' + pct(c.change) + ' [' + pct(c.low) + ', ' + pct(c.high) + '] ' + c.verdict;
        }},
        renderItem: function (params, api) {
          var dy = api.size([0, 1])[1] * shift;
          var lo = api.coord([api.value(1), api.value(0)]);
          var hi = api.coord([api.value(2), api.value(0)]);
          var mid = api.coord([api.value(3), api.value(0)]);
          var y = lo[1] + dy;
          var stroke = {stroke: colour, lineWidth: 2};
          return {type: 'group', children: [
            {type: 'line', shape: {x1: lo[0], y1: y, x2: hi[0], y2: y}, style: stroke},
            {type: 'line', shape: {x1: lo[0], y1: y - 4, x2: lo[0], y2: y + 4}, style: stroke},
            {type: 'line', shape: {x1: hi[0], y1: y - 4, x2: hi[0], y2: y + 4}, style: stroke},
            {type: 'circle', shape: {cx: mid[0], cy: y, r: 4}, style: {fill: colour}}
          ]};
        }
      };
    });
    draw(el, {
      legend: {top: 0, data: t.machines},
      tooltip: {trigger: 'item', renderMode: 'richText', confine: true},
      grid: {left: 10, right: 30, top: 30, bottom: 40, containLabel: true},
      xAxis: {type: 'log', logBase: 2, name: 'change (log scale)', nameLocation: 'middle', nameGap: 25,
        axisLabel: {formatter: ratioLabel}},
      yAxis: {type: 'category', data: labels, axisLabel: {fontSize: 11}},
      series: series.concat([{type: 'line', silent: true, data: [], markLine: {symbol: 'none', silent: true,
        label: {show: false}, lineStyle: {color: '#777'}, data: [{xAxis: 1}]}}])
    });
  }

  if (data.page === 'history') { history(document.getElementById('history-chart')); }
  if (data.page === 'machines') { machines(document.getElementById('machines-chart')); }
  if (data.page === 'submission') { machines(document.getElementById('submission-chart')); }
  document.body.setAttribute('data-rendered', String(shared.count()));
}());
