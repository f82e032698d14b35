// Differential flame graphs drawn by ECharts' custom series (the layout of ECharts' own flame graph
// example): the width of a frame is the candidate's time in it, its colour the change from the
// baseline, red where the candidate spends more and blue where it spends less.
(function () {
  var graphs = JSON.parse(document.getElementById('why-data').textContent);
  graphs.forEach(function (g, i) {
    var el = document.getElementById('flame-' + i);
    var depth = 0;
    var max = 0;
    g.frames.forEach(function (f) {
      depth = Math.max(depth, f[0] + 1);
      if (f[0] > 0) { // the root holds the whole change: scale the colours by the frames under it
        max = Math.max(max, Math.abs(f[4]));
      }
    });
    el.style.height = Math.max(200, depth * 20 + 40) + 'px';
    var data = g.frames.map(function (f) {
      var t = max === 0 ? 0 : Math.min(1, Math.abs(f[4]) / max);
      var light = Math.round(235 - 150 * t);
      var color = f[4] > 0 ? 'rgb(255,' + light + ',' + light + ')' : f[4] < 0 ? 'rgb(' + light + ',' + light + ',255)' : 'rgb(235,235,235)';
      return { value: f, itemStyle: { color: color } };
    });
    var chart = echarts.init(el, null, { renderer: 'svg' }); // SVG: the frames' names stay text in the page
    chart.setOption({
      animation: false,
      tooltip: {
        formatter: function (p) {
          var v = p.value;
          return v[3] + '<br>baseline ' + v[5].toFixed(2) + ', candidate ' + v[6].toFixed(2)
            + ' points<br>change ' + (v[4] >= 0 ? '+' : '') + v[4].toFixed(2) + ' points';
        }
      },
      grid: { left: 4, right: 4, top: 4, bottom: 4 },
      xAxis: { type: 'value', show: false, min: 0, max: g.total },
      yAxis: { type: 'value', show: false, min: -0.5, max: depth - 0.5 },
      series: [{
        type: 'custom',
        renderItem: function (params, api) {
          var level = api.value(0);
          var start = api.coord([api.value(1), level]);
          var end = api.coord([api.value(2), level]);
          var height = api.size([0, 1])[1];
          var width = end[0] - start[0];
          return {
            type: 'rect',
            shape: { x: start[0], y: start[1] - height / 2, width: width, height: height - 2 },
            style: { fill: api.visual('color'), stroke: '#fff', lineWidth: 0.5 },
            textConfig: { position: 'insideLeft' },
            textContent: { style: { text: api.value(3), fontFamily: 'monospace', fontSize: 11, fill: '#000',
              width: Math.max(0, width - 4), overflow: 'truncate', ellipsis: '..' } }
          };
        },
        encode: { x: [1, 2], y: 0 },
        data: data
      }]
    });
    window.addEventListener('resize', function () { chart.resize(); });
  });
  document.body.setAttribute('data-rendered', String(graphs.length));
})();
