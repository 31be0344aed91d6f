/// Request bodies that cost the server the most per byte: the inputs of the hostile-load tests
/// and of the answer-size calibration.
enum HeavyRequests {
    /// A lifecycle script of `pushes` pushes, 1 ms apart (each push is about 13 trace entries).
    static func lifecycle(pushes: Int, nameLength: Int = 4) -> String {
        let events = (0..<pushes).map { index in
            let name = "v\(index)" + String(repeating: "x", count: max(0, nameLength - 1 - String(index).count))
            return "{\"time\":\(Double(index) / 1000),\"type\":\"push\",\"viewController\":\"\(name)\"}"
        }
        return "{\"stack\":[\"root\"],\"events\":[\(events.joined(separator: ","))]}"
    }

    /// A presented page pinched and held for `seconds` at `frameRate`: a 500-byte body whose
    /// answer has a keyframe per frame.
    static func pinchHold(seconds: Double, frameRate: Double = 240) -> String {
        """
        {"container":{"width":393,"height":852,"cornerRadius":55},
         "source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},
         "destination":{"presentationStyle":"fullScreen"},"initial":"presented","animation":{"frameRate":\(frameRate)},
         "events":[
          {"time":0,"type":"touchesBegan","gesture":"pinch","touches":[{"x":86,"y":426},{"x":306,"y":426}]},
          {"time":0.04,"type":"touchesMoved","touches":[{"x":90,"y":400},{"x":280,"y":406}]},
          {"time":\(seconds),"type":"touchesEnded"}]}
        """
    }

    /// One JSON object with `members` distinct three-character members (8 bytes each, so
    /// 130,000 fit in 1 MiB): the shape that made duplicate detection quadratic.
    static func manyMembers(_ members: Int) -> String {
        let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var text = "{"
        text.reserveCapacity(members * 8)
        for index in 0..<members {
            if index > 0 { text += "," }
            let key = String([alphabet[index / 3844 % 62], alphabet[index / 62 % 62], alphabet[index % 62]])
            text += "\"\(key)\":0"
        }
        return text + "}"
    }
}
