extension Double {
  /// The number as a diagram writes it: at most two decimals, no `-0`, no trailing `.0`.
  var diagramText: String {
    let rounded = (self * 100).rounded() / 100
    guard rounded.isFinite else { return "0" }
    if rounded == 0 { return "0" }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
      return String(Int64(rounded))
    }
    return String(rounded)
  }
}
