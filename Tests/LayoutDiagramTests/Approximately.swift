/// Whether two diagram coordinates agree within the rounding the diagram writes (two decimals
/// per number, a scale read back from a rounded width).
func approximately(_ a: Double, _ b: Double, tolerance: Double = 0.05) -> Bool {
  abs(a - b) <= tolerance
}
