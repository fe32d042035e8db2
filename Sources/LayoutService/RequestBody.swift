import HTTPServer
import LayoutCore
import LayoutJSON

/// Reads a JSON request body into a `LayoutCore` model, or explains why it cannot (SPEC §7).
enum RequestBody {
  /// Checks the content type (415), that there is a body (400), that it is JSON (400) and that
  /// it keeps the contract (422), in that order.
  static func decode<Model: Decodable>(
    _ type: Model.Type, from request: borrowing HTTPRequest
  ) throws(HTTPError) -> Model {
    if let contentType = request.header("Content-Type"), !MediaType.isReadAsJSON(contentType) {
      throw .unsupportedMediaType(contentType)
    }
    guard request.body.count > 0 else {
      throw HTTPError(
        status: 400, title: "Empty body", detail: "The request has no body; send a JSON object.")
    }
    do {
      return try FastJSONDecoder().decode(type, from: request.body)
    } catch let error as JSONSyntaxError {
      throw HTTPError(status: 400, title: "Body is not JSON", detail: "The body is not JSON: \(error).")
    } catch let error as JSONDuplicateMemberError {
      throw HTTPError(LayoutValidationError.duplicateMember(at: error.codingPath))
    } catch let error as LayoutValidationError {
      throw HTTPError(error)
    } catch let error as DecodingError {
      throw HTTPError(LayoutValidationError(error))
    } catch {
      throw HTTPError(status: 400, detail: "The body could not be read: \(error).")
    }
  }
}
