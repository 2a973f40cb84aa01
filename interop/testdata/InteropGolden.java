// InteropGolden prints, as hex, the Smile documents that Jackson's databind
// (2.19, SmileMapper) writes for the values interop's tests decode: a
// java.util.UUID (databind writes it as 16-byte binary when the generator
// can write binary natively, as Smile's can), a BigDecimal and an object
// holding both. Run it as interop/testdata/golden.sh does.
import com.fasterxml.jackson.dataformat.smile.databind.SmileMapper;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

public class InteropGolden {
    public static void main(String[] args) throws Exception {
        SmileMapper m = new SmileMapper();
        UUID id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        print("uuid", m.writeValueAsBytes(id));
        print("bigdecimal", m.writeValueAsBytes(new BigDecimal("-12345678901234567890.0012")));
        print("bigdecimal-exp", m.writeValueAsBytes(new BigDecimal("1.5E+30")));
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("id", id);
        o.put("price", new BigDecimal("19.990"));
        print("object", m.writeValueAsBytes(o));
    }

    static void print(String name, byte[] b) {
        StringBuilder sb = new StringBuilder(name).append(' ');
        for (byte x : b) sb.append(String.format("%02x", x & 0xff));
        System.out.println(sb);
    }
}
