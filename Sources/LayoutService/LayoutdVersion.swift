/// The version `layoutd --version` prints and the start-up line names.
public enum LayoutdVersion {
  public static let current = "0.1.0"
}
