fn main() {
    for path in std::env::args().skip(1) {
        let buf = std::fs::read(&path).unwrap();
        for r in gbrscan::scan::scan_buffer(&buf, &path, Default::default(), &|_| {}) {
            let f: Vec<String> = r.findings.iter().map(|f| f.message.clone()).collect();
            println!(
                "{}:{}:{} [{}] {:?} => {} {:?}",
                r.path,
                r.line,
                r.column,
                r.form.name(),
                r.text,
                r.canonical,
                f
            );
        }
    }
}
