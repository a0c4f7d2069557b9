//! Figures: latency quantiles, and the summary table every section adds its rows to.

/// Latencies in µs, sorted on demand.
#[derive(Default, Debug, Clone)]
pub struct Latencies(pub Vec<u64>);

impl Latencies {
    pub fn extend(&mut self, other: Latencies) {
        self.0.extend(other.0);
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The `p`-quantile (0..=1) in ms; 0 when there is nothing.
    pub fn ms(&mut self, p: f64) -> f64 {
        self.0.sort_unstable();
        match self.0.len() {
            0 => 0.0,
            n => self.0[((n - 1) as f64 * p).round() as usize] as f64 / 1000.0,
        }
    }
}

/// How a target is met: the figure must stay at or below, or at or above, the bound.
#[derive(Clone, Copy, Debug)]
pub enum Bound {
    AtMost(f64),
    AtLeast(f64),
}

impl Bound {
    fn met(self, value: f64) -> bool {
        match self {
            Bound::AtMost(b) => value <= b,
            Bound::AtLeast(b) => value >= b,
        }
    }

    fn show(self, unit: &str) -> String {
        match self {
            Bound::AtMost(b) => format!("≤ {}{unit}", trim(b)),
            Bound::AtLeast(b) => format!("≥ {}{unit}", trim(b)),
        }
    }
}

fn trim(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// One line of the summary: a Tablero figure, its reference from the same run, and the
/// target, which applies to the ratio or to Tablero's own figure.
pub struct Row {
    pub metric: String,
    pub tablero: String,
    pub reference: String,
    pub ratio: Option<f64>,
    pub target: String,
    pub met: Option<bool>,
}

#[derive(Default)]
pub struct Summary(pub Vec<Row>);

impl Summary {
    /// A row whose target is on the ratio tablero / reference.
    pub fn ratio(
        &mut self,
        metric: &str,
        (tablero, reference): (f64, f64),
        unit: &str,
        target: Bound,
    ) {
        let ratio = (reference > 0.0).then(|| tablero / reference);
        self.0.push(Row {
            metric: metric.into(),
            tablero: format!("{}{unit}", figure(tablero)),
            reference: format!("{}{unit}", figure(reference)),
            ratio,
            target: format!("ratio {}", target.show("")),
            met: ratio.map(|r| target.met(r)),
        });
        self.print_last();
    }

    /// A row whose target is on Tablero's own figure (the ratio is shown for scale).
    pub fn absolute(
        &mut self,
        metric: &str,
        (tablero, reference): (f64, f64),
        unit: &str,
        digits: usize,
        target: Option<Bound>,
    ) {
        self.0.push(Row {
            metric: metric.into(),
            tablero: format!("{tablero:.digits$}{unit}"),
            reference: format!("{reference:.digits$}{unit}"),
            ratio: (reference > 0.0).then(|| tablero / reference),
            target: target.map_or("—".into(), |t| t.show(unit)),
            met: target.map(|t| t.met(tablero)),
        });
        self.print_last();
    }

    fn print_last(&self) {
        if let Some(r) = self.0.last() {
            println!("  {}", line(r));
        }
    }

    pub fn print(&self) {
        println!("\n## Summary (ratios within this one run)\n");
        println!("| metric | Tablero | reference | ratio | target | |\n|---|---|---|---|---|---|");
        for r in &self.0 {
            println!(
                "| {} | {} | {} | {} | {} | {} |",
                r.metric,
                r.tablero,
                r.reference,
                ratio_text(r.ratio),
                r.target,
                verdict(r.met)
            );
        }
    }
}

fn ratio_text(ratio: Option<f64>) -> String {
    ratio.map_or("—".into(), |x| format!("{x:.3}"))
}

fn verdict(met: Option<bool>) -> &'static str {
    match met {
        Some(true) => "met",
        Some(false) => "missed",
        None => "—",
    }
}

fn line(r: &Row) -> String {
    format!(
        "{}: Tablero {}, reference {}, ratio {}, target {} → {}",
        r.metric,
        r.tablero,
        r.reference,
        ratio_text(r.ratio),
        r.target,
        verdict(r.met)
    )
}

/// A figure with the digits that matter: whole numbers from 100 on, two decimals below.
fn figure(value: f64) -> String {
    if value.abs() >= 100.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.2}")
    }
}
